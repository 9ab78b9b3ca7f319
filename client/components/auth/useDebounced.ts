import { useCallback, useEffect, useRef } from 'react';

/** Calls fn ms after the last call (trailing); pending calls are dropped on unmount. */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}
