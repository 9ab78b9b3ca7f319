import { useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { MS } from '../../../src/shared/constants';

/** A button that disables itself for a moment after each click (500 ms by default). */
export function ActionButton({ delay = MS.buttonDelay, onClick, disabled, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { delay?: number }) {
  const [cooling, setCooling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || cooling}
      onClick={(event) => {
        // Let the click (and a submit) go through first, then cool down.
        onClick?.(event);
        setTimeout(() => setCooling(true), 0);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCooling(false), delay);
      }}
    />
  );
}
