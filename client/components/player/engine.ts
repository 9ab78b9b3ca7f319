import type { Playback } from '../../../src/shared/streams-api';

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

/** Safari and iOS webviews play HLS themselves; elsewhere (Chromium, Firefox) hls.js feeds MSE. */
export function nativeHls(video: HTMLVideoElement): boolean {
  const mse = typeof window !== 'undefined' && ('ManagedMediaSource' in window || 'MediaSource' in window);
  return !mse && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/** A plain <video src>: mp4 recordings, and HLS where the browser plays it natively. */
export function startNative(video: HTMLVideoElement, url: string, callbacks: EngineCallbacks): Engine {
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
      // Safari exposes the program date-time of the playing position.
      const date = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const start = date?.getTime();
      return start && Number.isFinite(start) ? Date.now() - (start + video.currentTime * 1000) : null;
    },
  };
}

/** Pick and start the engine for a playback (SPEC §3 player types). */
export async function startEngine(options: EngineOptions): Promise<Engine> {
  const { video, playback, callbacks } = options;
  switch (playback.playerType) {
    case 'HTML5':
      return startNative(video, playback.url, callbacks);
    case 'BYTEPLUS':
      if (playback.source === 'bp_rtc') {
        const { startWhepWithFallback } = await import('./whep');
        return startWhepWithFallback(options);
      }
      return (await import('./flv')).startFlv(options);
    default: {
      if (nativeHls(video)) return startNative(video, playback.url, callbacks);
      return (await import('./hls-engine')).startHls(options, playback.url);
    }
  }
}
