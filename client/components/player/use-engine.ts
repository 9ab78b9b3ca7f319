import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Playback } from '../../../src/shared/streams-api';
import { startEngine } from './engine';
import type { Engine, EngineCallbacks, PlayerErrorKind, Quality } from './engine-types';
import type { Boot } from './player-boot';
import { playbackKey } from './player-boot-data';
import { savedQuality, saveQuality } from './quality-preference';

const OFFLINE_RECHECK_MS = 10_000;

/** A live played from its whole-stream playlist (`url`), from the program date-time `startAt` answers. */
export interface Rewind {
  url: string;
  startAt: () => number;
}

/**
 * Runs the engine for a playback on the <video>: started on mount and on every retry, destroyed on
 * unmount (hls.destroy, mpegts destroy, pc.close). On mount it adopts the engine booted before hydration
 * when there is one (`boot`, usePlayerVideo's); a retry starts afresh. A live stream that is off is
 * checked again every 10 s, so the picture comes back by itself when the broadcaster returns.
 * `onStarted` hears of the boot it adopted, which was told to play already. Rewinding a live, or coming back to its
 * edge, starts the engine again on the other playlist.
 */
export function useEngine(
  video: RefObject<HTMLVideoElement | null>,
  boot: RefObject<Boot | null>,
  playback: Playback,
  live: boolean,
  onStarted: (booted: Boot | null) => void,
  rewind: Rewind | null = null,
) {
  const [error, setError] = useState<PlayerErrorKind | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** The renditions to choose from (none: one, or an engine that does not offer them), the height playing, the choice (null: auto). */
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const engine = useRef<Engine | null>(null);
  /**
   * Whether `engine` plays the whole-stream (rewind) playlist. It is set with the engine, since the one before lingers
   * until the effect that replaces it runs, after the render that asked for the other playlist: a key pressed then
   * must not seek within the old engine's playlist.
   */
  const engineRewinds = useRef(false);
  /** Until the adopted boot's engine has started, the boot's own reading of where the picture is (its first media). */
  const bootLatency = useRef<(() => number | null) | null>(null);
  const started = useRef(onStarted);
  started.current = onStarted;
  const rewindRef = useRef(rewind);
  rewindRef.current = rewind;
  const rewinding = rewind !== null;

  const key = playbackKey(playback, live);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the source (playbackKey), not the `playback` object (new on each refetch), on `attempt` (a retry restarts) and on rewinding or not (another playlist)
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const booted = boot.current;
    boot.current = null; // once: a retry or a new source starts its own engine
    const abort = booted?.abort ?? new AbortController();
    let current: Engine | null = null;
    setError(null);
    setQualities([]);
    const quality = savedQuality();
    setChosen(quality);
    const callbacks: EngineCallbacks = {
      onFatal: (kind) => !abort.signal.aborted && setError(kind),
      onQualities: (list, playing) => {
        if (abort.signal.aborted) return;
        setQualities(list);
        setPlayingHeight(playing);
      },
    };
    booted?.listen(callbacks);
    bootLatency.current = booted?.latencyMs ?? null;
    const from = rewindRef.current;
    const options = { video: element, playback, live, signal: abort.signal, quality, callbacks };
    const starting = booted ? booted.engine : startEngine(from ? { ...options, playback: { ...playback, url: from.url }, startAt: from.startAt } : options);
    starting.then(
      (value) => {
        if (abort.signal.aborted) return value.destroy();
        current = engine.current = value;
        bootLatency.current = null;
        engineRewinds.current = from !== null;
        started.current(booted);
      },
      () => !abort.signal.aborted && setError('unsupported'), // the engine's chunk failed to load
    );
    return () => {
      abort.abort();
      current?.destroy();
      engine.current = null;
      engineRewinds.current = false;
      bootLatency.current = null;
    };
    // Restart only for a different source; the object identity of `playback` may change on refetch.
  }, [video, boot, key, attempt, rewinding]);

  useEffect(() => {
    if (error !== 'offline' || !live) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), OFFLINE_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [error, live]);

  /** The viewer picks a rendition (null: automatic): from now on, and on this device next time. */
  const chooseQuality = (height: number | null) => {
    setChosen(height);
    saveQuality(height);
    engine.current?.setQuality?.(height);
  };

  /** From the wall clock to the picture on screen (ms), by its program date-time; null while unknown. */
  const latencyMs = useCallback(() => (engine.current ? (engine.current.latencyMs?.() ?? null) : (bootLatency.current?.() ?? null)), []);

  return { engine, engineRewinds, latencyMs, error, retry: () => setAttempt((n) => n + 1), quality: { list: qualities, playing: playingHeight, chosen, choose: chooseQuality } };
}
