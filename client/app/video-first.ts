/**
 * On a page that opens on a video, the video starts first and the rest of the page's late code waits for it.
 *
 * Why: the channel page's chat (its chunk, its first render, its ticket and socket) loaded while the page hydrated
 * and the player started, and the player's work queued behind it on the main thread, the network and the
 * server. In interleaved loads of a live channel page (20 a side, as `npm run bench:live` loads it; docs/decisions.md,
 * "Rendering") the first frame came 84 ms sooner (median) with the chat after the video, and 153-192 ms sooner with
 * hls.js also fetched with the page's code (src/render/preload.ts), which without the wait gained nothing.
 */

/** Longest wait: a player that can neither play nor fail (a stalled network) does not hold the chat longer. */
const CAP_MS = 2500;

/** The page's video has started: no player on the page, or the player left `loading` (Player.tsx's data-state). */
function videoStarted(): boolean {
  const player = document.querySelector<HTMLElement>('.player');
  return player?.dataset.state !== 'loading';
}

/**
 * Settles at once where the page shows no player, and otherwise when the player shows its first frame, is paused
 * (autoplay refused), fails, is removed, or after CAP_MS. Asked when a module loads (before hydration, so the
 * document is the server's, whose player placeholder is `loading` too).
 */
export function afterVideo(): Promise<void> {
  if (typeof document === 'undefined' || videoStarted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => videoStarted() && done());
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    const timer = setTimeout(done, CAP_MS);
  });
}
