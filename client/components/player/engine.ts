import type { Playback } from '../../../src/shared/streams-api';
import { engineFor, hlsEngine } from './engine-choice';
import { hlsSupport } from './hls-support';
import { startNative, startNativeLive } from './native-hls';

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

/** An HLS URL through the browser itself (live: with the live-edge controller) or hls.js. */
export async function startHlsUrl(options: EngineOptions, url: string): Promise<Engine> {
  const { video, live, callbacks } = options;
  if (hlsEngine(hlsSupport(video)) === 'native-hls') {
    return live ? startNativeLive(video, url, callbacks) : startNative(video, url, callbacks);
  }
  return (await import('./hls-engine')).startHls(options, url);
}

/** Pick and start the engine for a playback (SPEC §3 player types). */
export async function startEngine(options: EngineOptions): Promise<Engine> {
  const { video, playback, callbacks } = options;
  switch (engineFor(playback, hlsSupport(video))) {
    case 'file':
      return startNative(video, playback.url, callbacks);
    case 'whep':
      return (await import('./whep')).startWhepWithFallback(options);
    case 'flv':
      return (await import('./flv')).startFlv(options);
    default:
      return startHlsUrl(options, playback.url);
  }
}
