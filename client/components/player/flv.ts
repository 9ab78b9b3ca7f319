import mpegts from 'mpegts.js';
import type { Engine, EngineOptions } from './engine-types';

/**
 * BytePlus FLV (bp_flv) through mpegts.js, in its own chunk. Live: no stash buffer (frames go to the
 * decoder as they arrive) and latency chasing by playback rate, like our hls.js settings.
 */
export function startFlv({ video, playback, live, callbacks }: EngineOptions): Engine {
  const features = mpegts.getFeatureList();
  if (!(live ? features.mseLivePlayback : features.msePlayback)) {
    callbacks.onFatal('unsupported');
    return { destroy: () => {} };
  }
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: live, url: playback.url },
    {
      enableWorker: false,
      enableStashBuffer: !live,
      stashInitialSize: live ? 128 * 1024 : undefined,
      lazyLoad: !live,
      liveSync: live,
      liveSyncMaxLatency: 1.5,
      liveSyncTargetLatency: 0.8,
      liveSyncPlaybackRate: 1.3,
      autoCleanupSourceBuffer: true,
    },
  );
  player.on(mpegts.Events.ERROR, (type: string, detail: string, info?: { code?: number }) => {
    if (type === mpegts.ErrorTypes.NETWORK_ERROR) {
      const code = info?.code;
      callbacks.onFatal(detail === mpegts.ErrorDetails.NETWORK_STATUS_CODE_INVALID && (code === 404 || code === 410) ? 'offline' : 'network');
    } else if (detail === mpegts.ErrorDetails.MEDIA_CODEC_UNSUPPORTED || detail === mpegts.ErrorDetails.MEDIA_FORMAT_UNSUPPORTED) {
      callbacks.onFatal('unsupported');
    } else {
      callbacks.onFatal('media');
    }
  });
  player.attachMediaElement(video);
  player.load();
  return {
    destroy: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}
