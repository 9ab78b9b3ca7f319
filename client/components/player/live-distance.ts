// Apart from hls-config.ts: the player's boot chunk (first-frame.ts) needs this and none of hls.js's settings.

/**
 * Where the playlist announces parts (ours: each segment its own part), how far behind the edge a viewer plays: a
 * part, and never less than this, which leaves the buffer about 0.2 s beyond a half-second part for the next one to
 * arrive. The playlist's own PART-HOLD-BACK (three parts) would double the latency of short segments.
 */
export const MIN_LIVE_DISTANCE_S = 0.7;
