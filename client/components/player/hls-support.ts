import type { HlsSupport } from './engine-choice';

/** What this browser can do, asked of a <video> (a throwaway one where the player has none yet). */
export function hlsSupport(video: HTMLVideoElement = document.createElement('video')): HlsSupport {
  return {
    native: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mse: 'ManagedMediaSource' in window || 'MediaSource' in window,
  };
}
