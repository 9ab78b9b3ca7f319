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

/**
 * A promise that settles in a task of its own: the browser may paint and handle input before what follows. For
 * work that would otherwise be one long task (over 50 ms under Lighthouse's 4x CPU throttle counts against TBT).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
