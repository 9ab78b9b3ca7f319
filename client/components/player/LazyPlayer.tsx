import { useEffect, useRef } from 'react';
import type { Playback } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { afterHydration } from '../../app/after-hydration';
import { LoadFailed } from '../ui/LoadFailed';
import { engineFor, hlsEngine } from './engine-choice';
import { hlsSupport } from './hls-support';
import { BOOT_ATTRIBUTE, BOOT_RELEASE_EVENT } from '../../../src/shared/player-boot';
import type { BootData } from './player-boot-data';
import type { PlayerProps } from './player-props';

// The player code (and, behind it, hls.js / mpegts.js in their own chunks) loads only on a page that
// shows a player, never with the home page; it starts as soon as that page's module runs.
const usePlayer = afterHydration(() => import('./Player').then((m) => m.Player));

/**
 * hls.js, fetched alongside the player where it will be needed (no native HLS, or a source that needs it),
 * so the two chunks load in parallel rather than one after the other. Never where the browser plays the
 * playlist itself: the chunk would cost its download and compile for nothing.
 */
const preloadEngine = (playback: Playback) => {
  const support = hlsSupport();
  const engine = engineFor(playback, support);
  const hlsFallback = engine === 'whep' && !playback.whep && !!playback.hlsUrl && hlsEngine(support) === 'hls.js';
  if (support.mse && (engine === 'hls.js' || hlsFallback)) void import('./hls-engine').catch(() => {});
};

/**
 * The video player, sized before its code arrives. The server and the hydrating client both render the
 * same placeholder (the 16:9 frame with the poster and a spinner, and the control bar's height), so
 * hydration always matches and nothing below moves when the real player replaces it after mount. The
 * poster is in the document from the first byte: the page's largest picture paints at once. The
 * placeholder's <video> says what it will play: on a page from the server it starts before hydration
 * (player-boot.ts), and the player takes it over.
 */
export function LazyPlayer(props: PlayerProps) {
  const t = useT();
  const { Component: Player, failed } = usePlayer();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount on purpose (see below)
  useEffect(() => {
    preloadEngine(props.playback);
    // A video booted before hydration that no player took (the page was left first) stops with the page.
    return () => void window.dispatchEvent(new Event(BOOT_RELEASE_EVENT));
    // Once per mount: a new source restarts the engine inside the player, not the chunk load.
  }, []);
  const boot: BootData = { playback: props.playback, live: props.live, autoPlay: props.autoPlay ?? true };
  const placeholder = useRef<HTMLElement>(null);

  // On the render that swaps them the placeholder is still in the document: whether it has the focus is read here.
  if (Player) return <Player {...props} takeFocus={placeholder.current !== null && placeholder.current === document.activeElement} />;
  return (
    <section
      ref={placeholder}
      className="player player-placeholder"
      aria-label={t('player.region', { title: props.title })}
      data-state={failed ? 'error' : 'loading'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: in the tab order where the player will be, so a click or Tab before the player's code keeps its place
      tabIndex={0}
    >
      <div className="player-video-box">
        <video className="player-video" playsInline preload="auto" aria-label={props.title} {...{ [BOOT_ATTRIBUTE]: JSON.stringify(boot) }} />
        {props.poster && <img className="player-poster" src={props.poster} alt="" width={640} height={360} fetchPriority="high" />}
        {failed ? (
          <LoadFailed className="player-overlay player-error" message="player.loadFailed" reload="player.reload" />
        ) : (
          <div className="player-overlay" role="status">
            <span className="player-spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('player.loading')}</span>
          </div>
        )}
      </div>
      <div className="player-controls" aria-hidden="true" />
    </section>
  );
}
