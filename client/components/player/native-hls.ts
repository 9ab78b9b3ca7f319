import type { Engine, EngineCallbacks } from './engine-types';
import { LIVE_EDGE, liveEdgeStep, liveSyncPosition, type LiveEdgeSample } from './live-edge';

const SAMPLE_MS = 250;

/** Safari's <video> says which program date-time it is playing. */
type DatedVideo = HTMLVideoElement & { getStartDate?: () => Date };

/** A plain <video src>: mp4 recordings, HLS recordings, and errors told apart for the viewer. */
export function startNative(video: DatedVideo, url: string, callbacks: EngineCallbacks): Engine {
  const onError = () => {
    const code = video.error?.code;
    // MEDIA_ERR_SRC_NOT_SUPPORTED is also what a 404 looks like to a bare <video>: the source is gone.
    callbacks.onFatal(code === MediaError.MEDIA_ERR_NETWORK ? 'network' : code === MediaError.MEDIA_ERR_DECODE ? 'media' : 'offline');
  };
  video.addEventListener('error', onError);
  video.src = url;
  return {
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load(); // drop the connection now, not at garbage collection
    },
    latencyMs: () => {
      const start = video.getStartDate?.().getTime();
      return start && Number.isFinite(start) ? Date.now() - (start + video.currentTime * 1000) : null;
    },
  };
}

/** The buffered range the playhead is in, else the newest one (the playhead sits in a gap before it). */
function bufferedAround(video: HTMLVideoElement): { start: number; end: number } | null {
  const ranges = video.buffered;
  if (ranges.length === 0) return null;
  for (let i = 0; i < ranges.length; i++) {
    if (video.currentTime >= ranges.start(i) - 0.1 && video.currentTime <= ranges.end(i)) return { start: ranges.start(i), end: ranges.end(i) };
  }
  return { start: ranges.start(ranges.length - 1), end: ranges.end(ranges.length - 1) };
}

/**
 * A live HLS playlist played by the browser itself (iOS Safari and its webviews, which have no MSE for
 * hls.js), with the live-edge controller (live-edge.ts) keeping it about a second behind the newest media,
 * as hls.js does elsewhere.
 */
export function startNativeLive(video: DatedVideo, url: string, callbacks: EngineCallbacks): Engine {
  const base = startNative(video, url, callbacks);
  let lastEnd = -1;
  let grewAt = performance.now();

  const sample = (): LiveEdgeSample => {
    const buffered = bufferedAround(video);
    const now = performance.now();
    if (buffered && buffered.end > lastEnd + 0.01) {
      lastEnd = buffered.end;
      grewAt = now;
    }
    return { currentTime: video.currentTime, buffered, edgeAge: (now - grewAt) / 1000, playbackRate: video.playbackRate };
  };

  const timer = setInterval(() => {
    if (video.paused || video.seeking || video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
    const action = liveEdgeStep(sample());
    if (action && 'seekTo' in action) video.currentTime = action.seekTo;
    else if (action) video.playbackRate = action.playbackRate;
  }, SAMPLE_MS);

  return {
    destroy: () => {
      clearInterval(timer);
      video.playbackRate = 1;
      base.destroy();
    },
    latencyMs: base.latencyMs,
    liveSyncPosition: () => liveSyncPosition(sample()),
  };
}

/**
 * A rewound live's whole-stream playlist played by the browser itself: it starts where the viewer asked (by the
 * program date-time Safari reports for the playlist's start) and stays there; "go to live" is the seekable end.
 */
export function startNativeRewind(video: DatedVideo, url: string, callbacks: EngineCallbacks, startAt: () => number): Engine {
  const base = startNative(video, url, callbacks);
  const edge = () => (video.seekable.length ? video.seekable.end(video.seekable.length - 1) : null);
  const onMetadata = () => {
    const start = video.getStartDate?.().getTime();
    const end = edge();
    if (start === undefined || !Number.isFinite(start) || end === null) return;
    video.currentTime = Math.min(Math.max(video.seekable.start(0), (startAt() - start) / 1000), end);
  };
  video.addEventListener('loadedmetadata', onMetadata, { once: true });
  return {
    destroy: () => {
      video.removeEventListener('loadedmetadata', onMetadata);
      base.destroy();
    },
    latencyMs: base.latencyMs,
    liveSyncPosition: () => {
      const end = edge();
      return end === null ? null : Math.max(0, end - LIVE_EDGE.target);
    },
  };
}
