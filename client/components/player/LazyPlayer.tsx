import { useEffect } from 'react';
import type { Playback } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { afterHydration } from '../../app/after-hydration';

export interface PlayerProps {
  playback: Playback;
  live: boolean;
  title: string;
  autoPlay?: boolean;
  onPlaying?: () => void;
}

// The player code (and, behind it, hls.js / mpegts.js in their own chunks) loads only on a page that
// shows a player, never with the home page; it starts as soon as that page's module runs.
const usePlayer = afterHydration(() => import('./Player').then((m) => m.Player));

/**
 * The engine for HLS sources (hls.js), fetched alongside the player on browsers that need it, so the
 * two chunks load in parallel rather than one after the other.
 */
const preloadEngine = (playback: Playback) => {
  const hlsSource = playback.playerType !== 'HTML5' && (playback.playerType !== 'BYTEPLUS' || (playback.source === 'bp_rtc' && !playback.whep));
  if (hlsSource && 'MediaSource' in window) void import('./hls-engine').catch(() => {});
};

/**
 * The video player, sized before its code arrives. The server and the hydrating client both render the
 * same placeholder box (a 16:9 frame with a spinner), so hydration always matches; the real player
 * replaces it after mount, when its chunk has loaded.
 */
export function LazyPlayer(props: PlayerProps) {
  const t = useT();
  const { Component: Player, failed } = usePlayer();

  useEffect(() => {
    preloadEngine(props.playback);
    // Once per mount: a new source restarts the engine inside the player, not the chunk load.
  }, []);

  if (Player) return <Player {...props} />;
  return (
    <div className="player player-placeholder" role="region" aria-label={t('player.region', { title: props.title })} data-state={failed ? 'error' : 'loading'}>
      <div className="player-video-box">
        {failed ? (
          <div className="player-overlay player-error" role="alert">
            <p>{t('player.loadFailed')}</p>
            <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
              {t('player.reload')}
            </button>
          </div>
        ) : (
          <div className="player-overlay" role="status">
            <span className="player-spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('player.loading')}</span>
          </div>
        )}
      </div>
    </div>
  );
}
