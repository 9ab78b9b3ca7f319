import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has a network (the server's render, and a browser that cannot tell, assume so). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
