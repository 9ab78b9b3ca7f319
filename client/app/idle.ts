/**
 * Run `task` once the browser is idle (after hydration, the first frames, the page's own work); Safari
 * has no requestIdleCallback, so a timeout stands in. Returns a cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
