import { playOrMute, type AutoplayOutcome } from './autoplay';
import { startEngine } from './engine';
import { engineFor } from './engine-choice';
import { hlsSupport } from './hls-support';
import { firstMediaDate, playFirstMedia, type FirstMedia } from './first-frame';
import { prefetchedPlaylists, prefetchLiveStart } from './live-prefetch';
import type { Engine, EngineCallbacks, PlayerErrorKind, Quality } from './engine-types';
import { BOOT_ATTRIBUTE, BOOT_FAILED_EVENT, BOOT_RELEASE_EVENT, EARLY_PLAYLIST_GLOBAL, type EarlyPlaylist, PAINTED_ATTRIBUTE, PAINTED_EVENT, VIDEO_FIRST_MS } from '../../../src/shared/player-boot';
import { playbackKey, type BootData } from './player-boot-data';
import { savedQuality } from './quality-preference';
import { bootChat } from '../../realtime/chat-boot';

// The video of a server-rendered page starts before the page's code has loaded (docs/architecture.md, Contracts,
// "The player"). The placeholder's <video> says what to play (BOOT_ATTRIBUTE); the document's boot script imports
// this module (a chunk of its own) before main.js, and the module starts the engine on that element as it loads.
// When the player mounts, it takes the element and its engine over (claimBoot) instead of starting again, so the
// picture already moving keeps moving. Only a page that has not hydrated boots: after that the player starts by
// itself.

/** A playback started before hydration, waiting for the player. */
export interface Boot {
  video: HTMLVideoElement;
  key: string;
  engine: Promise<Engine>;
  abort: AbortController;
  /** How the start without a click went; null where the player was not to start by itself. */
  autoplay: Promise<AutoplayOutcome | null>;
  /** From now on the engine's callbacks go to the player's, with what it already said replayed. */
  listen: (callbacks: EngineCallbacks) => void;
  /** Until the engine has started: from the wall clock to the first media's picture on screen (ms), if it plays. */
  latencyMs: () => number | null;
}

let pending: Boot | null = null;

/** Settles once the document's boot script says the page has painted (PAINTED_ATTRIBUTE, PAINTED_EVENT). */
function afterFirstPaint(): Promise<void> {
  if (document.documentElement.hasAttribute(PAINTED_ATTRIBUTE)) return Promise.resolve();
  return new Promise((resolve) => addEventListener(PAINTED_EVENT, () => resolve(), { once: true }));
}

/** The playlist the document's boot script already asked for (EARLY_PLAYLIST_GLOBAL), if it is this one; taken once. */
function takeEarlyPlaylist(url: string): EarlyPlaylist | undefined {
  const holder = window as unknown as Record<string, EarlyPlaylist | undefined>;
  const early = holder[EARLY_PLAYLIST_GLOBAL];
  delete holder[EARLY_PLAYLIST_GLOBAL];
  return early?.url === url ? early : undefined;
}

function start(video: HTMLVideoElement, data: BootData): Boot {
  const abort = new AbortController();
  let listener: EngineCallbacks | null = null;
  let fatal: PlayerErrorKind | null = null;
  let qualities: [Quality[], number | null] | null = null;
  const failed = () => video.dispatchEvent(new Event(BOOT_FAILED_EVENT));
  const quality = savedQuality();
  // While hls.js's own code loads, the live's first playlists and media are fetched (live-prefetch.ts), and the media
  // shown (first-frame.ts) until hls.js takes it over.
  const playlists = data.live && engineFor(data.playback, hlsSupport(video)) === 'hls.js' ? prefetchedPlaylists(document.baseURI) : undefined;
  const liveStart = playlists ? prefetchLiveStart(data.playback.url, abort.signal, playlists, quality, takeEarlyPlaylist(data.playback.url)).catch(() => null) : null;
  const firstMedia = liveStart ? playFirstMedia(video, liveStart, abort.signal) : undefined;
  let placed: FirstMedia | null = null;
  void firstMedia?.then((first) => (placed = first));
  // hls.js (116 KB gzipped) is not asked for before the first paint, which this chunk may run ahead of.
  const engine = afterFirstPaint().then(() =>
    startEngine({
      prefetched: playlists,
      firstMedia,
      video,
      playback: data.playback,
      live: data.live,
      signal: abort.signal,
      quality,
      callbacks: {
        onFatal: (kind) => {
          if (listener) return listener.onFatal(kind);
          fatal = kind;
          failed();
        },
        onQualities: (list, playing) => {
          qualities = [list, playing];
          listener?.onQualities?.(list, playing);
        },
      },
    }),
  );
  engine.catch(failed);
  // Playable once the first media is in, or else once the engine has its source.
  const playable: Promise<unknown> = firstMedia ? firstMedia.then((first): unknown => first ?? engine) : engine;
  const autoplay = data.autoPlay ? playable.then(() => playOrMute(video)).catch(() => null) : Promise.resolve(null);
  // Until the player takes over, the placeholder's poster and spinner give way to the moving picture (app.css).
  const placeholder = video.closest<HTMLElement>('.player-placeholder');
  const showPicture = () => {
    if (placeholder) placeholder.dataset.state = 'playing';
  };
  video.addEventListener('playing', showPicture, { once: true });
  return {
    video,
    key: playbackKey(data.playback, data.live),
    engine,
    abort,
    autoplay,
    listen: (callbacks) => {
      listener = callbacks;
      if (qualities) callbacks.onQualities?.(...qualities);
      if (fatal) callbacks.onFatal(fatal);
    },
    latencyMs: () => {
      const date = placed && firstMediaDate(placed, video);
      return date ? Date.now() - date : null;
    },
  };
}

function dispose(boot: Boot): void {
  boot.abort.abort();
  void boot.engine.then((engine) => engine.destroy()).catch(() => {});
}

/** Starts the placeholder's video, once, on a page that has not hydrated yet. */
export function bootPlayer(): void {
  if (pending || document.documentElement.dataset.hydrated) return;
  const video = document.querySelector<HTMLVideoElement>(`video[${BOOT_ATTRIBUTE}]`);
  const json = video?.getAttribute(BOOT_ATTRIBUTE);
  if (!video || !json) return;
  try {
    pending = start(video, JSON.parse(json) as BootData);
  } catch {
    // A malformed attribute: the player starts by itself once the page hydrates.
  }
}

/** The booted playback of this key, handed over once; any other is stopped. */
export function claimBoot(key: string): Boot | null {
  const boot = pending;
  pending = null;
  if (boot && boot.key !== key) {
    dispose(boot);
    return null;
  }
  return boot;
}

/** Stops a booted playback no player took (its page was left before the player mounted: BOOT_RELEASE_EVENT). */
function releaseBoot(): void {
  if (pending) dispose(pending);
  pending = null;
}

/**
 * Settles once the booted video has its first frame, has failed, or VIDEO_FIRST_MS later, whichever comes first (the
 * moment the document's boot script loads the page's code); at once where nothing booted.
 */
function firstFrame(): Promise<void> {
  const video = pending?.video;
  if (!video) return Promise.resolve();
  return new Promise((resolve) => {
    const events = ['loadeddata', 'error', BOOT_FAILED_EVENT];
    const done = () => {
      clearTimeout(timer);
      for (const type of events) video.removeEventListener(type, done);
      resolve();
    };
    const timer = setTimeout(done, VIDEO_FIRST_MS);
    for (const type of events) video.addEventListener(type, done);
  });
}

if (typeof document !== 'undefined') {
  addEventListener(BOOT_RELEASE_EVENT, releaseBoot);
  bootPlayer();
  // The page's chat joins its room (client/realtime/chat-boot.ts) from this chunk, which loads before the page's code:
  // its ticket now, its socket and join once the video has its first frame (they then do not compete with the
  // video's first requests, and are not queued behind the page's code, which loads from that moment too).
  bootChat(firstFrame());
}
