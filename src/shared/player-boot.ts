// The placeholder <video> that plays before the page hydrates (client/components/player/player-boot.ts) and the
// document's boot script that waits for its first frame (src/render/document.tsx) meet on these names.

/** The placeholder <video>'s attribute naming what it plays (JSON of BootData), read by player-boot.ts. */
export const BOOT_ATTRIBUTE = 'data-boot';

/**
 * Dispatched on the placeholder's <video> when its booted playback failed before any frame (the engine's code did not
 * load, or the engine gave up): the document's boot script, which waits for the first frame before it loads the
 * page's code, then stops waiting.
 */
export const BOOT_FAILED_EVENT = 'playerbootfailed';

/**
 * Dispatched on the window when the placeholder's player unmounts: a booted playback no player took (the page was
 * left before the player mounted) stops. An event, not an import of the boot chunk: a module imported dynamically
 * gets a namespace object built by the bundler's runtime, and the boot chunk would then wait for that chunk too
 * before it could run.
 */
export const BOOT_RELEASE_EVENT = 'playerbootrelease';

/**
 * Set on <html> by the document's boot script, and dispatched on the window, once the page has painted (or paints
 * nothing: a hidden tab; or 3 s have passed): what must not load before the paint (the page's code, hls.js) may load
 * from then on. The player's boot chunk, which a live's page imports before the paint, waits for it to start hls.js.
 */
export const PAINTED_ATTRIBUTE = 'data-painted';
export const PAINTED_EVENT = 'documentpainted';

/**
 * On a page that plays, how long the page's own code (src/render/document.tsx) and the chat's early join
 * (client/realtime/chat-boot.ts) wait for the video's first frame at most.
 */
export const VIDEO_FIRST_MS = 1000;

/**
 * Where the document's boot script leaves a live's first playlist, asked for as it imports the boot chunk
 * (`{ url, response }`): client/components/player/live-prefetch.ts goes on from it instead of asking again once the
 * chunk has loaded.
 */
export const EARLY_PLAYLIST_GLOBAL = '__earlyLivePlaylist';

/** What the boot script leaves under EARLY_PLAYLIST_GLOBAL; `receivedAt` (performance.now()) once the answer came. */
export interface EarlyPlaylist {
  url: string;
  response: Promise<Response>;
  receivedAt?: number;
}
