import type { HlsConfig } from 'hls.js';

/**
 * hls.js settings for live streams: segments listed only once uploaded, LL-HLS blocking reloads (the playlist says
 * CAN-BLOCK-RELOAD; lowLatencyMode asks for the next segment with `_HLS_msn` and the Worker answers the moment it
 * lands), and, on our own streams, each segment announced as a part so the player may sit a part behind the edge
 * (hls-engine.ts keepNearEdge). liveSyncDuration is for sources without parts. Measured choices: docs/decisions.md,
 * "Live latency".
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true, // blocking reloads and LL-HLS parts
  liveSyncDuration: 1,
  liveMaxLatencyDuration: 3.5, // further behind than this (a stall, a background tab): jump back
  maxLiveSyncPlaybackRate: 1.5, // between the two, catch up by playing faster rather than seeking
  liveDurationInfinity: true,
  initialLiveManifestSize: 1, // start as soon as one segment is listed
  startFragPrefetch: true,
  backBufferLength: 4, // live: nothing to seek back to; keep memory flat on long watches
  maxBufferLength: 6,
  // Transmuxing in a worker (hls-engine.ts gives its path): on the main thread each segment's transmux
  // was a long task on a phone (Lighthouse: 3.6 s of hls.js scripting on the channel page under 4x CPU).
  enableWorker: true,
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

/**
 * A live rewound (its whole-stream playlist): still a live playlist, reloaded with delta updates, but played where
 * the viewer put it: no jump back to the edge however far behind, no faster playback to catch up, and a recording's
 * buffers.
 */
export const REWIND_HLS_CONFIG: Partial<HlsConfig> = {
  ...LIVE_HLS_CONFIG,
  liveMaxLatencyDuration: Number.POSITIVE_INFINITY,
  maxLiveSyncPlaybackRate: 1,
  startFragPrefetch: false,
  maxBufferLength: 30,
  backBufferLength: 30,
};

/** Recordings: ordinary buffering from the start to the end. */
export const VOD_HLS_CONFIG: Partial<HlsConfig> = {
  startPosition: 0,
  enableWorker: true,
  maxBufferLength: 30,
  backBufferLength: 30,
};
