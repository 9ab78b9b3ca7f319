import { useEffect, useState } from 'react';
import { formatInteger } from '../../i18n/i18n';

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

const two = (n: number) => String(n).padStart(2, '0');

/** 1:02:03 or 02:03: digits read the same in every language. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Viewer counts as the language writes them (1,234 / 1.234). */
export const formatCount = (n: number, locale: string) => formatInteger(n, locale);
