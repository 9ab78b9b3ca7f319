import type { HlsConfig } from 'hls.js';

/**
 * hls.js settings for our live streams: 1 s segments (ffmpeg -hls_time 1), listed only once uploaded.
 * A viewer is at least one segment behind the encoder (the segment must finish) plus half a playlist
 * reload on average; liveSyncDuration is what we add on top. `npm run bench:live -- --compare`
 * (60 s each, wall clock minus program date-time): 1.0 s -> p50 2.31 s, p95 2.37 s, no stall;
 * 1.5 s -> p50 2.88 s, p95 2.96 s, no stall; 0.5 s -> p50 2.02 s but p95 2.82 s, max 5.0 s and a 3 s
 * stall: below one segment the buffer runs dry between uploads.
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true, // LL-HLS parts when a third-party source offers them; ours has none
  liveSyncDuration: 1,
  liveMaxLatencyDuration: 3.5, // further behind than this (a stall, a background tab): jump back
  maxLiveSyncPlaybackRate: 1.5, // between the two, catch up by playing faster rather than seeking
  liveDurationInfinity: true,
  initialLiveManifestSize: 1, // start as soon as one segment is listed
  startFragPrefetch: true,
  backBufferLength: 4, // live: nothing to seek back to; keep memory flat on long watches
  maxBufferLength: 6,
  // The ESM build has no inline worker, and transmuxing a 1 s segment on the main thread takes a few ms.
  enableWorker: false,
  manifestLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 4000,
      maxLoadTimeMs: 6000,
      timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
      // hls.js never retries a 4xx: a 404 playlist (broadcast off) reaches the player at once (hls-engine.ts).
      errorRetry: { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2000 },
    },
  },
  playlistLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 3000,
      maxLoadTimeMs: 4000,
      timeoutRetry: { maxNumRetry: 3, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 4, retryDelayMs: 500, maxRetryDelayMs: 2000 },
    },
  },
  fragLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 3000,
      maxLoadTimeMs: 8000,
      timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 6, retryDelayMs: 300, maxRetryDelayMs: 2000 },
    },
  },
};

/** Recordings: ordinary buffering from the start to the end. */
export const VOD_HLS_CONFIG: Partial<HlsConfig> = {
  startPosition: 0,
  enableWorker: false,
  maxBufferLength: 30,
  backBufferLength: 30,
};
