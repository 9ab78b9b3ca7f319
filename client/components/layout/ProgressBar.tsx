import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { navigationProgressAtom } from '../../state/ui';

/** A 2px #29d bar across the top while a route loads; it completes on success and on error. */
export function ProgressBar() {
  const [state, setState] = useAtom(navigationProgressAtom);
  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => setState('idle'), 400);
    return () => clearTimeout(timer);
  }, [state, setState]);
  return <div className={`progress-bar progress-${state}`} role="presentation" data-state={state} />;
}
