import type { Playback } from '../../../src/shared/streams-api';
import type { FirstMedia } from './first-frame';
import type { PrefetchedPlaylists } from './live-prefetch';

// Apart from engine.ts, which loads the engines: they need these types, and importing them from
// there would make each engine and its loader import each other.

/** Why playback stopped, as the viewer is told (player.error.<kind>). */
export type PlayerErrorKind = 'network' | 'offline' | 'unsupported' | 'media';

/** A rendition of a stream in several, as the viewer picks it (by its height: 480p). */
export interface Quality {
  height: number;
  bitrate: number;
}

export interface EngineCallbacks {
  /** The engine gave up (after its own recovery attempts); the player shows the message and a retry. */
  onFatal: (kind: PlayerErrorKind) => void;
  /** The stream's renditions (more than one: a choice to offer) and the height playing now, on every switch. */
  onQualities?: (qualities: Quality[], playing: number | null) => void;
}

/** One way of feeding the <video>: hls.js, native HLS, mpegts.js, WHEP or a plain file. */
export interface Engine {
  destroy: () => void;
  /** Seconds from the wall clock to the picture on screen (program date-time), when the source says. */
  latencyMs?: () => number | null;
  /** Where "go to live" jumps to (the live sync point), when the engine knows better than seekable.end. */
  liveSyncPosition?: () => number | null;
  /** Plays the rendition of that height from now on, or picks by bandwidth again (null). */
  setQuality?: (height: number | null) => void;
}

export interface EngineOptions {
  video: HTMLVideoElement;
  playback: Playback;
  live: boolean;
  callbacks: EngineCallbacks;
  /** Aborted when the player unmounts or restarts while the engine is still starting (WHEP). */
  signal: AbortSignal;
  /** The height the viewer chose on this device (quality-preference.ts), else null: by bandwidth. */
  quality?: number | null;
  /**
   * Rewinding a live (the playlist of the whole stream so far): the program date-time, in ms, to start playing from,
   * read once the playlist is in (the viewer may have moved on meanwhile). Without it, a live starts at its edge.
   */
  startAt?: () => number;
  /** Playlists fetched before the engine started (live-prefetch.ts): each answers the engine's first request for it. */
  prefetched?: Pick<PrefetchedPlaylists, 'take'>;
  /** A live's first media, already on the <video> (first-frame.ts): the engine takes its MediaSource over. */
  firstMedia?: Promise<FirstMedia | null>;
}
