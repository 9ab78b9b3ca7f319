import { engineFor, hlsEngine } from './engine-choice';
import { hlsSupport } from './hls-support';
import type { Engine, EngineOptions } from './engine-types';
import { startNative, startNativeLive, startNativeRewind } from './native-hls';

/** An HLS URL through the browser itself (live: with the live-edge controller) or hls.js. */
export async function startHlsUrl(options: EngineOptions, url: string): Promise<Engine> {
  const { video, live, callbacks, startAt } = options;
  if (hlsEngine(hlsSupport(video)) === 'native-hls') {
    if (live && startAt) return startNativeRewind(video, url, callbacks, startAt);
    return live ? startNativeLive(video, url, callbacks) : startNative(video, url, callbacks);
  }
  const { startHls } = await import('./hls-engine');
  return startHls(options, url);
}

/** Pick and start the engine for a playback by its player type. */
export async function startEngine(options: EngineOptions): Promise<Engine> {
  const { video, playback, callbacks } = options;
  switch (engineFor(playback, hlsSupport(video))) {
    case 'file':
      return startNative(video, playback.url, callbacks);
    case 'whep':
      return (await import('./whep')).startWhepWithFallback(options, (hlsUrl) => startHlsUrl(options, hlsUrl));
    case 'flv':
      return (await import('./flv')).startFlv(options);
    default:
      return startHlsUrl(options, playback.url);
  }
}
