// The channel page's first frame as a viewer sees it, measured from inside the page (bench:live, bench:first-frame).

/**
 * Runs in the page before any script (context.addInitScript): notes when the page hydrated, when the player's
 * <video> appeared, the first frame it presents (requestVideoFrameCallback) and the first 'playing' with the
 * picture moving, in window.__benchMarks (ms from navigation start).
 */
export function frameProbe() {
  const marks = { mount: null, frame: null, playing: null, hydrated: null, ttfb: null };
  window.__benchMarks = marks;
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated === 'true') {
      marks.hydrated = performance.now();
      marks.ttfb = performance.getEntriesByType('navigation')[0]?.responseStart ?? null;
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  new MutationObserver((_, observer) => {
    const video = document.querySelector('.player video');
    if (!video) return;
    observer.disconnect();
    marks.mount = performance.now();
    video.requestVideoFrameCallback?.((now) => (marks.frame ??= now));
    const onPlaying = () => {
      if (video.currentTime > 0) marks.playing ??= performance.now();
      else requestAnimationFrame(onPlaying);
    };
    video.addEventListener('playing', onPlaying, { once: true });
  }).observe(document, { childList: true, subtree: true });
}

/** Waits for the probed page's first frame and playing picture, then returns the marks. */
export async function firstFrameMarks(page, timeout = 30_000) {
  await page.waitForFunction(() => window.__benchMarks?.frame != null && window.__benchMarks?.playing != null, null, { timeout });
  return page.evaluate(() => window.__benchMarks);
}
