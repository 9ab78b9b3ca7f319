import { useEffect, useState } from 'react';

/**
 * The current time, starting from the server's clock at render (so hydration matches what the server
 * wrote), then the browser's, ticking every `tickMs`.
 */
export function useClock(serverNow: number, tickMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
