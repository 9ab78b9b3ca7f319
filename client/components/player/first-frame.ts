import { fragmentStart, initCodecs, initTracks } from '../caster/golive/cmaf-boxes';
import { MIN_LIVE_DISTANCE_S } from './live-distance';
import { PREFETCH_FRESH_MS, type LiveStart } from './live-prefetch';

// A live's first frame before hls.js has loaded (docs/architecture.md, Contracts, "The player"): the boot appends the
// media it prefetched (live-prefetch.ts) to a MediaSource of its own, and hls.js, once loaded, takes that MediaSource
// and its SourceBuffer over (hls-engine.ts) instead of opening another, so the picture already moving keeps moving.
// hls.js places media on its own timeline (the first listed segment of the first playlist it loads starts at 0) with
// the SourceBuffer's timestampOffset; the first media goes to the same place, read off the same playlist, which
// hls.js gets from the boot's prefetch.

/** What hls.js takes over: the MediaSource on the <video>, its one SourceBuffer, and that buffer's codecs and track name. */
export interface FirstMedia {
  mediaSource: MediaSource;
  buffer: SourceBuffer;
  codecs: string;
  /** As hls.js names a SourceBuffer: one for both (muxed CMAF), or video alone. */
  track: 'audiovideo' | 'video';
  /** When the playlist the media was placed by arrived (performance.now()): hls.js must start on that same playlist. */
  playlistAt: number;
  /** The program date-time (ms) of time 0 on its timeline, which hls.js goes on with when it adopts the media. */
  dateAtZero: number | null;
}

/**
 * The program date-time (ms) on screen, by the first media's timeline: before hls.js has loaded, and after it adopts
 * the media until it has placed a fragment of its own. Null once the <video> has another MediaSource (it closed).
 */
export function firstMediaDate(first: FirstMedia, video: HTMLVideoElement): number | null {
  if (first.dateAtZero === null || first.mediaSource.readyState === 'closed') return null;
  return first.dateAtZero + video.currentTime * 1000;
}

/** A MediaSource opens a task or two after the <video> gets it; one that has not in this long is not going to. */
const OPEN_WAIT_MS = 2000;

/**
 * Whether hls.js, attached now, still starts on the playlist the first media was placed by: the prefetch answers its
 * first request for it while fresh, and hls.js asks within a few ms of attaching (both playlists are prefetched).
 * Later, it would place its media by a newer playlist, elsewhere on its timeline.
 */
export const stillPlaced = (first: FirstMedia) => performance.now() - first.playlistAt < PREFETCH_FRESH_MS - 500;

const appended = (buffer: SourceBuffer, data: ArrayBuffer) =>
  new Promise<void>((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new Error('append')), { once: true });
    buffer.appendBuffer(data);
  });

/**
 * Opens a MediaSource on `video` at once and appends the live's first media into it when it arrives: CMAF whose init
 * segment names H.264 (and AAC or Opus) playable here. Null (nothing appended; hls.js then attaches the usual way) for
 * anything else, or when an append fails.
 */
export async function playFirstMedia(video: HTMLVideoElement, start: Promise<LiveStart | null>, signal: AbortSignal): Promise<FirstMedia | null> {
  if (typeof MediaSource === 'undefined') return null;
  const mediaSource = new MediaSource();
  const url = URL.createObjectURL(mediaSource);
  // The URL lives until the <video> holds the MediaSource itself (open), or is not going to.
  const opened = new Promise<boolean>((resolve) => {
    const done = (open: boolean) => {
      URL.revokeObjectURL(url);
      resolve(open);
    };
    mediaSource.addEventListener('sourceopen', () => done(true), { once: true });
    setTimeout(done, OPEN_WAIT_MS, false);
  });
  video.src = url;
  const first = await start;
  const segment = first?.segments[0];
  // Null too where hls.js, tired of waiting, has given the <video> a source of its own meanwhile.
  if (!first?.init || !segment || signal.aborted || !(await opened) || video.src !== url) return null;
  const init = new Uint8Array(first.init);
  const { video: videoCodec, audio: audioCodec } = initCodecs(init);
  const codecs = [videoCodec, audioCodec].filter(Boolean).join(',');
  const type = `video/mp4; codecs="${codecs}"`;
  const decodedAt = fragmentStart(new Uint8Array(segment.data), initTracks(init));
  if (!videoCodec || !decodedAt || !MediaSource.isTypeSupported(type)) return null;
  try {
    const buffer = mediaSource.addSourceBuffer(type);
    buffer.timestampOffset = segment.start - decodedAt.seconds;
    for (const data of [first.init, ...first.segments.map((s) => s.data)]) await appended(buffer, data);
    // Where hls.js will want to play (a part behind the edge), so that it does not seek there itself.
    const buffered = buffer.buffered;
    if (buffered.length) video.currentTime = Math.max(buffered.start(0), buffered.end(0) - MIN_LIVE_DISTANCE_S);
    return { mediaSource, buffer, codecs, track: audioCodec ? 'audiovideo' : 'video', playlistAt: first.playlist.receivedAt, dateAtZero: first.dateAtZero };
  } catch {
    return null;
  }
}
