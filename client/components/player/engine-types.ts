import type { Playback } from '../../../src/shared/streams-api';

// Apart from engine.ts, which loads the engines: they need these types, and importing them from
// there would make each engine and its loader import each other.

/** Why playback stopped, as the viewer is told (player.error.<kind>). */
export type PlayerErrorKind = 'network' | 'offline' | 'unsupported' | 'media';

export interface EngineCallbacks {
  /** The engine gave up (after its own recovery attempts); the player shows the message and a retry. */
  onFatal: (kind: PlayerErrorKind) => void;
}

/** One way of feeding the <video>: hls.js, native HLS, mpegts.js, WHEP or a plain file. */
export interface Engine {
  destroy: () => void;
  /** Seconds from the wall clock to the picture on screen (program date-time), when the source says. */
  latencyMs?: () => number | null;
  /** Where "go to live" jumps to (the live sync point), when the engine knows better than seekable.end. */
  liveSyncPosition?: () => number | null;
}

export interface EngineOptions {
  video: HTMLVideoElement;
  playback: Playback;
  live: boolean;
  callbacks: EngineCallbacks;
  /** Aborted when the player unmounts or restarts while the engine is still starting (WHEP). */
  signal: AbortSignal;
}
