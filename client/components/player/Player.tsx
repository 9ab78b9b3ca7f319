import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n';
import { playOrMute, type AutoplayOutcome } from './autoplay';
import type { Boot } from './player-boot';
import { playbackKey } from './player-boot-data';
import type { PlayerProps } from './player-props';
import { usePlayerVideo } from './player-video';
import { PlayerControls } from './PlayerControls';
import type { Engine } from './engine-types';
import { Icon } from './icons';
import { useOnline } from './use-online';
import { useEngine } from './use-engine';

type Status = 'loading' | 'playing' | 'paused' | 'error' | 'ended';

/** Further than this behind the live edge, the LIVE badge turns into "go to live". */
const BEHIND_SECONDS = 4;
const SAMPLE_MS = 250;
/** What the ±10 s keys and buttons move. */
const STEP_S = 10;
/** How far back a live rewinds at most: its whole-stream playlist's window (docs/product/watching-and-chat.md). */
const REWIND_WINDOW_S = 7200;
/** Within this many seconds of where a step asked to be, the picture has arrived: the next step counts from it. */
const ARRIVED_S = 1.5;
/** From the wall clock to a live's newest picture, until measured (hls.js sits about this far behind). */
const LIVE_LAG_MS = 1500;

/** Where a live's edge is in the playing playlist's media time (go to live lands there). */
function liveEdgeOf(engine: Engine | null, element: HTMLVideoElement): number | null {
  const seekable = element.seekable;
  return engine?.liveSyncPosition?.() ?? (seekable.length ? seekable.end(seekable.length - 1) : null);
}

/**
 * How far behind a live's edge the picture is, in seconds. While the whole-stream playlist loads (`pendingAt`, the
 * program date-time asked for), how far back that moment is; before anything plays, none.
 */
function behindEdge(engine: Engine | null, element: HTMLVideoElement, pendingAt: number | null, liveLagMs: number): number {
  if (pendingAt !== null) return Math.max(0, (Date.now() - liveLagMs - pendingAt) / 1000);
  const edge = liveEdgeOf(engine, element);
  return edge !== null && element.currentTime > 0 ? Math.max(0, edge - element.currentTime) : 0;
}

function fullscreenTarget(root: HTMLElement, video: HTMLVideoElement): Promise<void> | void {
  if (document.fullscreenElement) return document.exitFullscreen();
  if (root.requestFullscreen) return root.requestFullscreen();
  // iOS Safari: only the video itself can go fullscreen.
  (video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
}

/**
 * The video player (its own chunk; see LazyPlayer). State for tests and the bench lives on the root:
 * data-state (loading|playing|paused|error|ended) and data-latency-ms (wall clock minus the program
 * date-time on screen, when the stream carries one); a live that can be rewound also has data-rewound (true while
 * playing its whole-stream playlist) and data-behind-s (seconds behind its edge).
 *
 * Rewinding: a live starts on its short playlist (the first frame comes soonest); the first step back starts the
 * engine again on the whole-stream one, at the program date-time asked for, and "go to live" returns to the short one.
 */
export function Player({ playback, live, title, poster, autoPlay = true, onPlaying, clock, takeFocus = false }: PlayerProps) {
  const t = useT();
  const online = useOnline();
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

  const rewindUrl = live ? (playback.rewindUrl ?? null) : null;
  const [rewinding, setRewinding] = useState(false);
  /** Rewinding: the program date-time (ms) to start from once the whole-stream playlist is in. */
  const rewindTo = useRef(0);
  /**
   * Where the last step or seek asked to be (seconds behind the edge) until the picture is there: steps in quick
   * succession (a held arrow key) add up from it, not from a picture that has not moved yet.
   */
  const asked = useRef<number | null>(null);
  /** From the wall clock to the live edge's picture, measured while at the edge. */
  const liveLag = useRef(LIVE_LAG_MS);
  const [behindS, setBehindS] = useState(0);
  const [windowS, setWindowS] = useState(0);
  const rewind = useMemo(() => (rewinding && rewindUrl ? { url: rewindUrl, startAt: () => rewindTo.current } : null), [rewinding, rewindUrl]);

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

  const { engine, engineRewinds, latencyMs, error, retry, quality } = useEngine(
    video,
    boot,
    playback,
    live,
    (booted) => {
      // A video booted before hydration has already been told to play; its outcome stands.
      if (booted) void booted.autoplay.then((outcome) => (outcome ? applyAutoplay(outcome) : setStatus('paused')));
      else if (autoPlay) void play();
      else setStatus('paused');
    },
    rewind,
  );

  // In place of a placeholder that had the focus: the focus moves here, as if this had been the player all along.
  useEffect(() => {
    if (takeFocus) root.current?.focus({ preventScroll: true });
  }, [takeFocus]);

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

  useEffect(() => {
    if (!clock) return;
    clock.current = () => {
      const latency = latencyMs();
      return latency === null ? null : Date.now() - latency;
    };
    return () => {
      clock.current = null;
    };
  }, [clock, latencyMs]);

  // Latency and "behind the edge", sampled off the render path: the attribute is set directly.
  useEffect(() => {
    const element = video.current;
    const box = root.current;
    if (!element || !box) return;
    const timer = setInterval(() => {
      const latency = latencyMs();
      if (latency === null) delete box.dataset.latencyMs;
      else box.dataset.latencyMs = String(Math.round(latency));
      if (!live) return;
      const starting = rewinding && !engineRewinds.current;
      const behindNow = behindEdge(engine.current, element, starting ? rewindTo.current : null, liveLag.current);
      if (!starting && asked.current !== null && Math.abs(behindNow - asked.current) < ARRIVED_S) asked.current = null;
      setBehind(behindNow > BEHIND_SECONDS);
      if (!rewindUrl) return;
      const seekable = element.seekable;
      if (!rewinding && latency !== null) liveLag.current = latency - behindNow * 1000;
      const edge = liveEdgeOf(engine.current, element);
      const reach = rewinding && !starting && seekable.length && edge !== null ? edge - seekable.start(0) : (Date.now() - (playback.rewindSince ?? Date.now())) / 1000;
      setBehindS(Math.round(behindNow));
      setWindowS(Math.round(Math.min(REWIND_WINDOW_S, Math.max(0, reach))));
      box.dataset.behindS = String(Math.round(behindNow));
    }, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [engine, engineRewinds, latencyMs, live, rewinding, rewindUrl, playback.rewindSince]);

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
  /** A live, `seconds` behind its edge: within the whole-stream playlist once it plays, else by starting it there. */
  const seekBehind = (seconds: number) => {
    const element = video.current;
    if (!element || !rewindUrl) return;
    if (seconds < 1) return goLive();
    // No further back than the stream's start (or the window's), however often the key was pressed.
    const reach = Math.min(REWIND_WINDOW_S, (Date.now() - (playback.rewindSince ?? Date.now())) / 1000);
    asked.current = Math.min(seconds, Math.max(reach, 0));
    // The whole-stream engine's first seek goes to this date when its metadata comes, which may be after a seek below
    // (its playlist can be in before its first picture): both go to the same moment, whichever comes last.
    rewindTo.current = Date.now() - liveLag.current - asked.current * 1000;
    const edge = liveEdgeOf(engine.current, element);
    if (rewinding && engineRewinds.current && edge !== null && element.seekable.length) {
      element.currentTime = Math.max(element.seekable.start(0), edge - seconds);
      asked.current = edge - element.currentTime;
      return;
    }
    setBehindS(Math.round(asked.current));
    if (!rewinding) {
      setStatus('loading');
      setRewinding(true);
    }
  };
  /** ±10 s: within a recording, or back and forth in a live that can be rewound. */
  const step = (delta: number) => {
    const element = video.current;
    if (!element) return;
    if (!live) {
      const end = Number.isFinite(element.duration) ? element.duration : element.currentTime + delta;
      element.currentTime = Math.min(Math.max(0, element.currentTime + delta), end);
    } else if (rewindUrl) {
      const pendingAt = rewinding && !engineRewinds.current ? rewindTo.current : null;
      seekBehind((asked.current ?? behindEdge(engine.current, element, pendingAt, liveLag.current)) - delta);
    }
  };
  const goLive = () => {
    asked.current = null;
    if (rewinding) {
      setStatus('loading');
      setRewinding(false); // the engine starts again on the short playlist, at the edge
      return;
    }
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
    const slider = (event.target as HTMLElement).closest('input, select');
    const key = event.key.toLowerCase();
    if ((key === ' ' && !control) || key === 'k') togglePlay();
    else if (key === 'm') toggleMute();
    else if (key === 'f') toggleFullscreen();
    else if ((key === 'arrowleft' || key === 'j') && !slider) step(-STEP_S);
    else if ((key === 'arrowright' || key === 'l') && !slider) step(STEP_S);
    else return;
    event.preventDefault();
  };

  const shown: Status = error ? 'error' : status;
  return (
    <section
      ref={root}
      className="player"
      aria-label={t('player.region', { title })}
      data-state={shown}
      data-rewound={rewindUrl ? String(rewinding) : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes focus for its keyboard shortcuts (space/k, arrows/j/l, m, f: onKeyDown)
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="player-video-box" ref={box}>
        {/* The <video> goes first in here: usePlayerVideo */}
        {shown === 'loading' && (
          <div className="player-overlay" role="status">
            <span className="player-spinner" aria-hidden="true" />
            {/* Without a network the spinner alone would wait forever in silence: say why, and that it goes on by itself. */}
            {online ? <span className="visually-hidden">{t('player.loading')}</span> : <p className="player-offline">{t('player.noConnection')}</p>}
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
        onStep={step}
        rewind={rewindUrl ? { behind: behindS, window: windowS, seekBehind } : null}
        quality={quality}
      />
    </section>
  );
}
