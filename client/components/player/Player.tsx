import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n';
import { playOrMute, type AutoplayOutcome } from './autoplay';
import type { Boot } from './player-boot';
import { playbackKey } from './player-boot-data';
import type { PlayerProps } from './player-props';
import { usePlayerVideo } from './player-video';
import { PlayerControls } from './PlayerControls';
import { Icon } from './icons';
import { useEngine } from './use-engine';

type Status = 'loading' | 'playing' | 'paused' | 'error' | 'ended';

/** Further than this behind the live edge, the LIVE badge turns into "go to live". */
const BEHIND_SECONDS = 4;
const SAMPLE_MS = 250;

function fullscreenTarget(root: HTMLElement, video: HTMLVideoElement): Promise<void> | void {
  if (document.fullscreenElement) return document.exitFullscreen();
  if (root.requestFullscreen) return root.requestFullscreen();
  // iOS Safari: only the video itself can go fullscreen.
  (video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
}

/**
 * The video player (its own chunk; see LazyPlayer). State for tests and the bench lives on the root:
 * data-state (loading|playing|paused|error|ended) and data-latency-ms (wall clock minus the program
 * date-time on screen, when the stream carries one).
 */
export function Player({ playback, live, title, poster, autoPlay = true, onPlaying }: PlayerProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [needsUnmute, setNeedsUnmute] = useState(false);
  const [behind, setBehind] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [paused, setPaused] = useState(true);
  const [everPlayed, setEverPlayed] = useState(false);
  const firstPlay = useRef(false);
  const playingCallback = useRef(onPlaying);
  playingCallback.current = onPlaying;

  const video = useRef<HTMLVideoElement | null>(null);
  const boot = useRef<Boot | null>(null);
  usePlayerVideo({ box, video, boot }, playbackKey(playback, live), { poster, title, onClick: () => togglePlay() });

  /** After a start without a click: sound refused, so muted with an offer to unmute; or refused, so paused. */
  const applyAutoplay = useCallback((outcome: AutoplayOutcome) => {
    if (outcome === 'muted') setNeedsUnmute(true);
    else if (outcome === 'blocked') setStatus('paused');
  }, []);
  const play = useCallback(async () => {
    const element = video.current;
    if (element) applyAutoplay(await playOrMute(element));
  }, [applyAutoplay]);

  const { engine, error, retry, quality } = useEngine(video, boot, playback, live, (booted) => {
    // A video booted before hydration has already been told to play; its outcome stands.
    if (booted) void booted.autoplay.then((outcome) => (outcome ? applyAutoplay(outcome) : setStatus('paused')));
    else if (autoPlay) void play();
    else setStatus('paused');
  });

  // Media element events drive the visible state.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const on = {
      playing: () => {
        setStatus('playing');
        if (!firstPlay.current) {
          firstPlay.current = true;
          setEverPlayed(true);
          playingCallback.current?.();
        }
      },
      play: () => setPaused(false),
      pause: () => {
        setPaused(true);
        if (!element.ended) setStatus('paused');
      },
      waiting: () => setStatus('loading'),
      ended: () => setStatus('ended'),
      volumechange: () => {
        setMuted(element.muted);
        setVolume(element.volume);
        if (!element.muted) setNeedsUnmute(false);
      },
      timeupdate: () => !live && setTime({ current: element.currentTime, duration: element.duration }),
      durationchange: () => !live && setTime({ current: element.currentTime, duration: element.duration }),
    } satisfies Record<string, () => void>;
    for (const [name, handler] of Object.entries(on)) element.addEventListener(name, handler);
    // A video booted before hydration may be playing already: start from its state.
    on.volumechange();
    if (!element.paused) on.play();
    if (!element.paused && element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) on.playing();
    return () => {
      for (const [name, handler] of Object.entries(on)) element.removeEventListener(name, handler);
    };
  }, [live]);

  // Latency and "behind the edge", sampled off the render path: the attribute is set directly.
  useEffect(() => {
    const element = video.current;
    const box = root.current;
    if (!element || !box) return;
    const timer = setInterval(() => {
      const latency = engine.current?.latencyMs?.() ?? null;
      if (latency === null) delete box.dataset.latencyMs;
      else box.dataset.latencyMs = String(Math.round(latency));
      if (!live) return;
      const seekable = element.seekable;
      const edge = engine.current?.liveSyncPosition?.() ?? (seekable.length ? seekable.end(seekable.length - 1) : null);
      setBehind(edge !== null && element.currentTime > 0 && edge - element.currentTime > BEHIND_SECONDS);
    }, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [engine, live]);

  useEffect(() => {
    const change = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused || element.ended) void play();
    else element.pause();
  };
  const toggleMute = () => {
    const element = video.current;
    if (!element) return;
    element.muted = !element.muted;
    if (!element.muted && element.volume === 0) element.volume = 1;
  };
  const setVolumeTo = (value: number) => {
    const element = video.current;
    if (!element) return;
    element.volume = value;
    element.muted = value === 0;
  };
  const toggleFullscreen = () => {
    if (root.current && video.current) void Promise.resolve(fullscreenTarget(root.current, video.current)).catch(() => {});
  };
  const goLive = () => {
    const element = video.current;
    if (!element) return;
    const seekable = element.seekable;
    const target = engine.current?.liveSyncPosition?.() ?? (seekable.length ? seekable.end(seekable.length - 1) - 1 : null);
    if (target !== null) element.currentTime = target;
    void play();
  };
  const replay = () => {
    if (video.current) video.current.currentTime = 0;
    void play();
  };
  const seek = (to: number) => {
    if (video.current) video.current.currentTime = to;
  };
  const restart = () => {
    setStatus('loading');
    retry();
  };

  // Keys work while focus is anywhere in the player; buttons and sliders keep their own keys.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const control = (event.target as HTMLElement).closest('button, input');
    const key = event.key.toLowerCase();
    if ((key === ' ' && !control) || key === 'k') togglePlay();
    else if (key === 'm') toggleMute();
    else if (key === 'f') toggleFullscreen();
    else return;
    event.preventDefault();
  };

  const shown: Status = error ? 'error' : status;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes focus for its keyboard shortcuts (space/k, arrows, m, f: onKeyDown)
    <section ref={root} className="player" aria-label={t('player.region', { title })} data-state={shown} tabIndex={0} onKeyDown={onKeyDown}>
      <div className="player-video-box" ref={box}>
        {/* The <video> goes first in here: usePlayerVideo */}
        {shown === 'loading' && (
          <div className="player-overlay" role="status">
            <span className="player-spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('player.loading')}</span>
          </div>
        )}
        {shown === 'error' && error && (
          <div className="player-overlay player-error" role="alert">
            <p>{t(`player.error.${error}`)}</p>
            <button type="button" className="btn btn-small" onClick={restart}>
              {t('player.retry')}
            </button>
          </div>
        )}
        {shown === 'ended' && (
          <div className="player-overlay">
            {live ? (
              <p>{t('player.liveEnded')}</p>
            ) : (
              <button type="button" className="player-big-button" onClick={replay} aria-label={t('player.replay')}>
                <Icon name="replay" />
              </button>
            )}
          </div>
        )}
        {shown === 'paused' && !everPlayed && (
          <div className="player-overlay">
            <button type="button" className="player-big-button" onClick={() => void play()} aria-label={t('player.play')}>
              <Icon name="play" />
            </button>
          </div>
        )}
        {needsUnmute && muted && shown === 'playing' && (
          <button type="button" className="player-unmute" onClick={toggleMute}>
            <Icon name="muted" /> {t('player.tapToUnmute')}
          </button>
        )}
      </div>
      <PlayerControls
        live={live}
        playing={!paused}
        muted={muted}
        volume={volume}
        fullscreen={fullscreen}
        behind={behind}
        currentTime={time.current}
        duration={time.duration}
        onTogglePlay={togglePlay}
        onToggleMute={toggleMute}
        onVolume={setVolumeTo}
        onToggleFullscreen={toggleFullscreen}
        onGoLive={goLive}
        onSeek={seek}
        quality={quality}
      />
    </section>
  );
}
