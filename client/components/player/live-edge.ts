/**
 * The live-edge controller for native HLS (iOS Safari): the browser plays the playlist itself, and
 * nothing keeps it near the encoder; it starts about three segments back and stays there. This keeps the player about `target` seconds behind the newest media, as our hls.js settings do
 * (hls-config.ts: liveSyncDuration 1, liveMaxLatencyDuration 3.5, maxLiveSyncPlaybackRate 1.5): a little
 * behind, it plays faster (hls.js's own rate curve); far behind (a stall, a background tab, a pause), it
 * seeks. Pure: the engine samples the <video> and applies what this answers.
 */

export interface LiveEdgeSettings {
  /** Seconds behind the live edge to sit. */
  target: number;
  /** Further behind than this: seek back to the target at once. */
  maxLatency: number;
  /** Fastest catch-up rate. */
  maxRate: number;
  /**
   * The edge runs on between segments (the encoder keeps encoding): the estimate is the newest media's end
   * plus the time since it arrived, up to this much (about a segment; a silent encoder is not followed).
   */
  maxEdgeAge: number;
  /** A seek never lands closer than this to the end of what is buffered. */
  minAhead: number;
}

export const LIVE_EDGE: LiveEdgeSettings = { target: 1, maxLatency: 3.5, maxRate: 1.5, maxEdgeAge: 1, minAhead: 0.25 };

export interface LiveEdgeSample {
  currentTime: number;
  /** The buffered range the playhead is in (or the last one before it); null when nothing is buffered. */
  buffered: { start: number; end: number } | null;
  /** Seconds since buffered.end last moved forward. */
  edgeAge: number;
  playbackRate: number;
}

export type LiveEdgeAction = { seekTo: number } | { playbackRate: number } | null;

/** Where the live edge is now, in media time; null when nothing is buffered. */
export function liveEdge(sample: LiveEdgeSample, settings: LiveEdgeSettings = LIVE_EDGE): number | null {
  if (!sample.buffered) return null;
  return sample.buffered.end + Math.min(Math.max(0, sample.edgeAge), settings.maxEdgeAge);
}

/** Where "go to live" and a catch-up seek land: `target` behind the edge, inside what is buffered. */
export function liveSyncPosition(sample: LiveEdgeSample, settings: LiveEdgeSettings = LIVE_EDGE): number | null {
  const edge = liveEdge(sample, settings);
  if (edge === null || !sample.buffered) return null;
  const latest = sample.buffered.end - settings.minAhead;
  return Math.max(sample.buffered.start, Math.min(edge - settings.target, latest));
}

/** hls.js's catch-up curve (latency-controller.ts): 1 at the target, rising smoothly, in steps of 0.05. */
export function catchUpRate(distance: number, maxRate: number): number {
  const rate = Math.round((2 / (1 + Math.exp(-0.75 * distance))) * 20) / 20;
  return Math.min(Math.max(1, maxRate), Math.max(1, rate));
}

/** What to do now: seek, change the rate, or nothing (the sample is already where it should be). */
export function liveEdgeStep(sample: LiveEdgeSample, settings: LiveEdgeSettings = LIVE_EDGE): LiveEdgeAction {
  const edge = liveEdge(sample, settings);
  if (edge === null || !sample.buffered) return null;
  const latency = edge - sample.currentTime;
  if (latency > settings.maxLatency) {
    const to = liveSyncPosition(sample, settings)!;
    // Nothing newer buffered to jump to (the encoder went quiet): wait for it rather than seek in place.
    if (to > sample.currentTime + 0.5) return { seekTo: to };
  }
  const distance = latency - settings.target;
  const ahead = sample.buffered.end - sample.currentTime;
  // Faster only with more than a second in hand, so catching up never runs the buffer dry.
  const rate = distance > 0.05 && ahead > 1 ? catchUpRate(distance, settings.maxRate) : 1;
  return rate === sample.playbackRate ? null : { playbackRate: rate };
}
