// The channel page's first frame as a viewer sees it, measured from inside the page (bench:live, bench:first-frame).

/**
 * Runs in the page before any script (context.addInitScript): notes the first paint, when the player's <video>
 * appeared (`mount`: the server's placeholder has one, which starts before hydration), the first frame it presents
 * (requestVideoFrameCallback), the first 'playing' with the picture moving and when the page hydrated, in
 * window.__benchMarks (ms from navigation start).
 */
export function frameProbe() {
  const marks = { mount: null, frame: null, playing: null, hydrated: null, ttfb: null, paint: null };
  window.__benchMarks = marks;
  new PerformanceObserver((list, observer) => {
    marks.paint = list.getEntries()[0].startTime;
    observer.disconnect();
  }).observe({ type: 'paint', buffered: true });
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

/**
 * Waits for the probed page's first frame, its playing picture and its hydration (which, on a page that plays, waits
 * for the first frame: src/render/document.tsx), then returns the marks.
 */
export async function firstFrameMarks(page, timeout = 30_000) {
  await page.waitForFunction(() => ['frame', 'playing', 'hydrated'].every((mark) => window.__benchMarks?.[mark] != null), null, { timeout });
  return page.evaluate(() => window.__benchMarks);
}

/**
 * Runs in the page before any script (context.addInitScript), beside frameProbe: notes in window.__benchMarks when
 * the chat's room answered its join (`chatJoined`: the 'joined' frame reached the page, whichever code opened the
 * socket), when the first chat socket was made and opened (`chatSocket`, `chatOpen`) and when the chat panel first
 * showed itself joined (`chatShown`), in ms from navigation start.
 */
export function chatProbe() {
  const Native = window.WebSocket;
  const joined = (data) =>
    typeof data === 'string' &&
    data.split('\n').some((line) => {
      try {
        const frame = JSON.parse(line);
        return frame?.type === 'connection' && frame.status === 'joined';
      } catch {
        return false;
      }
    });
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!new URL(url, location.href).pathname.startsWith('/chat/')) return;
      const marks = window.__benchMarks;
      if (marks) marks.chatSocket ??= performance.now();
      this.addEventListener('open', () => {
        if (marks) marks.chatOpen ??= performance.now();
      });
      this.addEventListener('message', (event) => {
        const marks = window.__benchMarks;
        if (marks && marks.chatJoined == null && joined(event.data)) marks.chatJoined = performance.now();
      });
    }
  };
  new MutationObserver((_, observer) => {
    const marks = window.__benchMarks;
    if (!marks || !document.querySelector('.chat-conn[data-status="open"]')) return;
    marks.chatShown = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
}

/** Waits for chatProbe's marks (the chat joined and shown), then returns the page's marks. */
export async function chatMarks(page, timeout = 30_000) {
  await page.waitForFunction(() => ['chatJoined', 'chatShown'].every((mark) => window.__benchMarks?.[mark] != null), null, { timeout });
  return page.evaluate(() => {
    // The room's first ticket as the network saw it (asked, answered), beside the socket's marks (made, open).
    const ticket = performance.getEntriesByType('resource').find((entry) => /\/chat-ticket$|\/chat\/ticket$/.test(new URL(entry.name).pathname));
    return { ...window.__benchMarks, ticketAsked: ticket?.startTime ?? null, ticketAnswered: ticket?.responseEnd ?? null };
  });
}
