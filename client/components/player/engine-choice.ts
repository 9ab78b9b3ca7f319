import type { Playback } from '../../../src/shared/streams-api';

/** How a playback is fed to the <video> (engine.ts starts it). */
export type EngineKind = 'file' | 'native-hls' | 'hls.js' | 'flv' | 'whep';

export interface HlsSupport {
  /** The browser plays HLS itself: canPlayType('application/vnd.apple.mpegurl') is not '' (Safari; Chromium says 'maybe'). */
  native: boolean;
  /** Media Source Extensions (hls.js and mpegts.js need them). */
  mse: boolean;
}

/**
 * HLS goes through hls.js wherever there is MSE, and natively (with the live-edge controller) only where
 * there is none (iOS Safari and its webviews). Measured with `npm run bench:live -- --compare` on Debian's
 * Chromium 150, which answers canPlayType 'maybe' and does play our playlist itself: it starts three
 * segments back and cannot be brought closer (no seekable range, so seeks are ignored; any playbackRate
 * but 1 fails with DEMUXER_ERROR_COULD_NOT_PARSE), about 3 s behind against hls.js's 2. hls.js also keeps
 * LL-HLS blocking reloads, which only it does here.
 */
export function hlsEngine(support: HlsSupport): 'native-hls' | 'hls.js' {
  return support.native && !support.mse ? 'native-hls' : 'hls.js';
}

/** A stream's player type (and source) to an engine (docs/product/watching-and-chat.md, "Watching"). bp_rtc's HLS fallback is decided by hlsEngine when it is needed. */
export function engineFor(playback: Pick<Playback, 'playerType' | 'source'>, support: HlsSupport): EngineKind {
  switch (playback.playerType) {
    case 'HTML5':
      return 'file';
    case 'BYTEPLUS':
      return playback.source === 'bp_rtc' ? 'whep' : 'flv';
    default:
      return hlsEngine(support);
  }
}
