import Hls, { ErrorDetails, ErrorTypes, Events, FetchLoader, type ErrorData, type HlsConfig, type MediaAttachingData } from 'hls.js/light';
import { LIVE_HLS_CONFIG, REWIND_HLS_CONFIG, VOD_HLS_CONFIG } from './hls-config';
import { MIN_LIVE_DISTANCE_S } from './live-distance';
import type { Engine, EngineOptions } from './engine-types';
import { firstMediaDate, stillPlaced, type FirstMedia } from './first-frame';

const MEDIA_RECOVERY_WINDOW_MS = 3000;
const NETWORK_RETRIES = 4;
/** How long hls.js waits for the boot's first media (first-frame.ts) before it attaches by itself. */
const FIRST_MEDIA_WAIT_MS = 1500;
/** Further than this behind where a live with parts should play (keepNearEdge), the player jumps there. */
const EDGE_SLACK_S = 0.25;

/** A promise that settles in a task of its own (the browser may paint and handle input first). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * How a live loads. Playlists and segments both go through fetch (hls.js's default loader is XHR, which cannot be
 * given a priority):
 * - A live playlist may be cached for a second (so an edge can absorb a crowd), but the browser must not reuse it:
 *   a reload that hits its own cache sees no new segment and the buffer runs dry. Playlists are fetched with cache
 *   'no-cache' (revalidated every time; no header, so no CORS preflight on a third-party origin); segments keep
 *   the default cache.
 * - Once the first segment is buffered, every later request asks for low priority, as Chromium gives the requests
 *   of a <video> that plays a file itself; until then they keep fetch's default (high), so the first frame waits for
 *   nothing. A playing live is a request or two in flight at every moment for as long as it plays. At high priority
 *   they ranked with what the viewer opens meanwhile (a dialog's code and images), where HTTP/2 and 3 let a server
 *   serve the more urgent first; and Lighthouse, which waits until no high-priority request is in flight, counted
 *   a playing live as the page's load (docs/decisions.md, Rendering).
 */
function liveLoading(buffered: () => boolean, prefetched: EngineOptions['prefetched']): Partial<HlsConfig> {
  return {
    loader: (prefetched ? prefetchedFirst(prefetched) : FetchLoader) as unknown as HlsConfig['loader'],
    fetchSetup: (context, init: RequestInit) => {
      const playlist = !('frag' in context);
      return new Request(context.url, { ...init, ...(playlist ? { cache: 'no-cache' } : {}), priority: buffered() ? 'low' : 'auto' });
    },
  };
}

/** How long a loader waits for a prefetched playlist before it asks for the playlist itself. */
const PREFETCH_WAIT_MS = 3000;

/**
 * The fetch loader, but a playlist the boot already fetched (live-prefetch.ts) answers hls.js's first request for it
 * from there: hls.js asks for the master playlist, then the rendition's, one after the other once its own code has
 * loaded, and the boot asked for both while it loaded. A prefetch that failed, or has not answered within
 * PREFETCH_WAIT_MS, leaves the request to the loader's own fetch, with its timeouts and retries.
 */
export function prefetchedFirst(prefetched: NonNullable<EngineOptions['prefetched']>) {
  // Loaders aborted or destroyed meanwhile (no class fields: they would need a helper from main.js, which the boot
  // chunk loads before).
  const gone = new WeakSet<FetchLoader>();
  return class PrefetchedFirstLoader extends FetchLoader {
    protected override loadInternal(): void {
      const { context, stats } = this;
      gone.delete(this);
      const early = context && !('frag' in context) ? prefetched.take(context.url) : null;
      if (!context || !early) {
        super.loadInternal();
        return;
      }
      let settled = false;
      const fetchItself = () => {
        if (settled || gone.has(this)) return;
        settled = true;
        super.loadInternal();
      };
      this.requestTimeout = self.setTimeout(fetchItself, PREFETCH_WAIT_MS);
      void early.then((playlist) => {
        if (settled || gone.has(this) || !this.callbacks) return;
        if (!playlist) return fetchItself();
        settled = true;
        self.clearTimeout(this.requestTimeout);
        // As old as it is: hls.js reckons the live's edge from when the playlist's answer arrived.
        stats.loading.start = Math.min(stats.loading.start, playlist.receivedAt);
        stats.loading.first = playlist.receivedAt;
        stats.loading.end = performance.now();
        stats.loaded = stats.total = playlist.text.length;
        this.callbacks.onSuccess({ url: playlist.url, data: playlist.text, code: 200 }, stats, context, null);
      });
    }

    protected override abortInternal(): void {
      gone.add(this);
      self.clearTimeout(this.requestTimeout);
      super.abortInternal();
    }
  };
}

/**
 * Where the playlist announces parts (LL-HLS), plays a part (at least MIN_LIVE_DISTANCE_S) behind the edge rather
 * than the playlist's PART-HOLD-BACK (three parts), and comes back there when it is further behind with the media to get
 * there already buffered (the start, after a stall): hls.js itself only speeds up to reach its target with more
 * than a second buffered, which a viewer half a second behind never has.
 */
function keepNearEdge(hls: Hls, video: HTMLVideoElement) {
  let parts = false;
  hls.once(Events.LEVEL_UPDATED, (_event, { details }) => {
    parts = details.partTarget > 0;
    if (parts) hls.targetLatency = Math.max(details.partTarget, MIN_LIVE_DISTANCE_S);
  });
  hls.on(Events.FRAG_BUFFERED, () => {
    const target = hls.liveSyncPosition;
    if (!parts || target === null || video.paused || video.seeking) return;
    const buffered = video.buffered;
    const end = buffered.length ? buffered.end(buffered.length - 1) : 0;
    if (target - video.currentTime > EDGE_SLACK_S && end >= target) video.currentTime = target;
  });
}

/** Where in the playlist's media time the program date-time `at` (ms) plays: inside the last segment that began by then. */
export function positionOfDate(fragments: { start: number; duration: number; programDateTime: number | null }[], at: number): number | null {
  for (let i = fragments.length - 1; i >= 0; i--) {
    const fragment = fragments[i]!;
    if (fragment.programDateTime !== null && fragment.programDateTime <= at) return fragment.start + Math.min(fragment.duration, (at - fragment.programDateTime) / 1000);
  }
  return fragments[0]?.start ?? null;
}

/**
 * A rewound live starts where the viewer asked, found by program date-time in the first playlist (a stream restarted
 * by its encoder has gaps in the clock that media time does not have), by a seek as soon as the video has its
 * metadata: hls.js has aimed at the edge by then and loaded one segment there. (Handing it the position instead,
 * startLoad(position) on the first playlist, it went to the edge all the same.) Returns the listener's removal.
 */
function startAtDate(hls: Hls, video: HTMLVideoElement, startAt: () => number): () => void {
  let fragments: Parameters<typeof positionOfDate>[0] | null = null;
  hls.once(Events.LEVEL_LOADED, (_event, { details }) => (fragments = details.fragments));
  // Where to is read at the seek, not with the playlist: a step the viewer took while the playlist loaded (a held arrow
  // key) moved it, and the video goes there.
  const seek = () => {
    const position = fragments === null ? null : positionOfDate(fragments, startAt());
    if (position !== null) video.currentTime = position;
  };
  video.addEventListener('loadedmetadata', seek, { once: true });
  return () => video.removeEventListener('loadedmetadata', seek);
}

/**
 * CMAF (fMP4) segments need no transmuxing: hls.js only reads their boxes and appends them (its passthrough), which
 * costs little on the main thread. Its worker, meant for MPEG-TS, is started only when the first segment has arrived,
 * and starting it held that segment's append back by about 100 ms here. Decided on the first playlist, before any
 * segment is asked for; hls.js itself turns the setting off the same way when its worker fails.
 */
function transmuxInPlaceForCmaf(hls: Hls, fragments: { initSegment: unknown }[]) {
  if (fragments.some((fragment) => fragment.initSegment)) hls.config.enableWorker = false;
}

/**
 * The boot's first media (first-frame.ts) handed to hls.js as it hands a playing MediaSource between its own
 * instances: hls.js adopts the SourceBuffer once its first fragment names the same tracks (else it opens a new
 * MediaSource), and goes on appending where the first media sits on its timeline.
 */
function takeOver(video: HTMLVideoElement, { mediaSource, buffer, codecs, track }: FirstMedia): MediaAttachingData {
  const tracks = { [track]: { id: 'main', container: 'video/mp4', codec: codecs, levelCodec: codecs, buffer, listeners: [] } };
  return { media: video, mediaSource, tracks } as MediaAttachingData;
}

/**
 * hls.js on MSE, in its own chunk (loaded when a player mounts). Media errors are recovered in place
 * (recoverMediaError, then a codec swap if it fails again at once); a fatal network error restarts the
 * load with backoff; a playlist that answers 404 means the broadcast is off.
 */
export async function startHls({ video, live, callbacks, signal, quality = null, startAt, prefetched, firstMedia }: EngineOptions, url: string): Promise<Engine> {
  // Three tasks, each short: this chunk evaluates in the caller's, the controllers are built in the next, and the
  // video is attached and the playlist asked for in the one after. In one task they were ~110 ms under Lighthouse's
  // 4x CPU throttle; built and attached together, ~100 ms.
  await nextTask();
  if (!Hls.isSupported()) {
    callbacks.onFatal('unsupported');
    return { destroy: () => {} };
  }
  // The ESM build has no inline worker: the build copies hls.js's own next to the chunks (build-client.mjs).
  const workerPath = `/assets/hls.worker.js?v=${Hls.version}`;
  let buffered = false;
  const settings = !live ? VOD_HLS_CONFIG : { ...(startAt ? REWIND_HLS_CONFIG : LIVE_HLS_CONFIG), ...liveLoading(() => buffered, prefetched) };
  const hls = new Hls({ ...settings, workerPath });
  hls.once(Events.FRAG_BUFFERED, () => (buffered = true));
  let lastMediaRecovery = 0;
  let swapped = false;
  let networkFailures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const onError = (_event: string, data: ErrorData) => {
    if (!data.fatal) return;
    if (data.type === ErrorTypes.MEDIA_ERROR) {
      const now = Date.now();
      if (now - lastMediaRecovery > MEDIA_RECOVERY_WINDOW_MS) {
        lastMediaRecovery = now;
        hls.recoverMediaError();
      } else if (!swapped) {
        swapped = true;
        lastMediaRecovery = now;
        hls.swapAudioCodec();
        hls.recoverMediaError();
      } else {
        callbacks.onFatal('media');
      }
      return;
    }
    if (data.type === ErrorTypes.NETWORK_ERROR) {
      const status = data.response?.code;
      const playlist = data.details === ErrorDetails.MANIFEST_LOAD_ERROR || data.details === ErrorDetails.LEVEL_LOAD_ERROR;
      if (playlist && (status === 404 || status === 410)) {
        callbacks.onFatal('offline');
        return;
      }
      if (networkFailures >= NETWORK_RETRIES) {
        callbacks.onFatal('network');
        return;
      }
      const delay = 1000 * 2 ** networkFailures++;
      retryTimer = setTimeout(() => {
        // Before the manifest parsed there is nothing to resume: load it again.
        if (data.details === ErrorDetails.MANIFEST_LOAD_ERROR || data.details === ErrorDetails.MANIFEST_LOAD_TIMEOUT) hls.loadSource(url);
        else hls.startLoad();
      }, delay);
      return;
    }
    if (data.details === ErrorDetails.MANIFEST_INCOMPATIBLE_CODECS_ERROR || data.details === ErrorDetails.BUFFER_ADD_CODEC_ERROR) callbacks.onFatal('unsupported');
    else callbacks.onFatal('media');
  };
  hls.on(Events.ERROR, onError);
  // Several renditions: offer them, start on the one this device chose, else on the first listed (as live-prefetch.ts
  // does; hls.js then picks by bandwidth), say each switch.
  const qualities = () => hls.levels.map((level) => ({ height: level.height, bitrate: level.bitrate }));
  const levelOf = (height: number) => hls.levels.findIndex((level) => level.height === height);
  hls.on(Events.MANIFEST_PARSED, () => {
    if (hls.levels.length < 2) return;
    if (quality !== null && levelOf(quality) !== -1) hls.currentLevel = levelOf(quality);
    else hls.startLevel = hls.firstLevel;
    callbacks.onQualities?.(qualities(), null);
  });
  hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
    if (hls.levels.length > 1) callbacks.onQualities?.(qualities(), hls.levels[data.level]?.height ?? null);
  });
  hls.on(Events.FRAG_BUFFERED, () => (networkFailures = 0)); // a good fragment resets the backoff
  hls.once(Events.LEVEL_LOADED, (_event, { details }) => transmuxInPlaceForCmaf(hls, details.fragments));
  // Registered before hls.js attaches its own: the seek comes first, and hls.js does not then seek to the edge.
  const forget = live && startAt ? startAtDate(hls, video, startAt) : () => {};
  if (live && !startAt) keepNearEdge(hls, video);
  // Attached and loading before the engine is handed over, so play() never runs before the source is set.
  await nextTask();
  // The boot's first media, if it comes soon; later, hls.js starts by itself (the boot's appends then fail on a
  // MediaSource no longer attached, and leave the video to hls.js).
  const first = live && !startAt && firstMedia ? await Promise.race([firstMedia, new Promise<null>((resolve) => setTimeout(resolve, FIRST_MEDIA_WAIT_MS, null))]) : null;
  if (signal?.aborted) {
    forget();
    hls.destroy();
    return { destroy: () => {} };
  }
  if (first && stillPlaced(first)) hls.attachMedia(takeOver(video, first));
  else hls.attachMedia(video);
  hls.loadSource(url);

  return {
    destroy: () => {
      clearTimeout(retryTimer);
      forget();
      hls.destroy();
    },
    latencyMs: () => {
      const date = hls.playingDate?.getTime() ?? (first ? firstMediaDate(first, video) : null);
      return date === null ? null : Date.now() - date;
    },
    liveSyncPosition: () => hls.liveSyncPosition,
    setQuality: (height) => {
      // -1 hands the choice back to hls.js's bandwidth estimate.
      hls.currentLevel = height === null ? -1 : levelOf(height);
    },
  };
}
