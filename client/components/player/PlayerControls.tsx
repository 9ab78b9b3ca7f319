import { useT } from '../../i18n/i18n';
import type { Quality } from './engine-types';
import { Icon } from './icons';

export interface ControlsProps {
  live: boolean;
  playing: boolean;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
  /** Live only: far enough behind the edge to offer "go to live". */
  behind: boolean;
  currentTime: number;
  duration: number;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onToggleFullscreen: () => void;
  onGoLive: () => void;
  onSeek: (time: number) => void;
  /** ±10 s (a recording, or a live that can be rewound). */
  onStep: (delta: number) => void;
  /**
   * A live that can be rewound: how far behind its edge the picture is and how far back it reaches (seconds), and
   * the seek to so far behind. Null: a live that cannot (or a recording).
   */
  rewind: { behind: number; window: number; seekBehind: (seconds: number) => void } | null;
  /** A stream in several renditions: the choice (null: automatic) and the one playing now. */
  quality: { list: Quality[]; playing: number | null; chosen: number | null; choose: (height: number | null) => void };
}

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * The quality menu: automatic (naming the rendition playing) and each rendition, highest first. A native select:
 * the keyboard, screen readers and phones' own pickers work as everywhere else.
 */
function QualityMenu({ list, playing, chosen, choose }: ControlsProps['quality']) {
  const t = useT();
  const heights = [...new Set(list.map((q) => q.height))].sort((a, b) => b - a);
  // On a phone the menu shows as the icon over it (app.css): the select stays the control, with its label.
  return (
    <span className="player-quality-box">
      <select
        className="player-quality"
        aria-label={t('player.quality')}
        value={chosen === null ? 'auto' : String(chosen)}
        onChange={(e) => choose(e.currentTarget.value === 'auto' ? null : Number(e.currentTarget.value))}
      >
        <option value="auto">{chosen === null && playing !== null ? t('player.qualityAutoNow', { height: playing }) : t('player.qualityAuto')}</option>
        {heights.map((height) => (
          <option key={height} value={height}>
            {t('player.qualityHeight', { height })}
          </option>
        ))}
      </select>
      <Icon name="quality" />
    </span>
  );
}

/**
 * A live's seek bar, in seconds behind its edge (the edge at the right end), with how far behind it is in words.
 */
function RewindBar({ behind, window, seekBehind }: NonNullable<ControlsProps['rewind']>) {
  const t = useT();
  const reach = Math.max(window, behind);
  const said = behind < 1 ? t('player.atLive') : t('player.behindLive', { time: clock(behind) });
  return (
    <>
      <input
        className="player-seek"
        type="range"
        min={-reach}
        max={0}
        step={1}
        value={-Math.min(behind, reach)}
        onChange={(e) => seekBehind(-Number(e.currentTarget.value))}
        aria-label={t('player.rewind')}
        aria-valuetext={said}
      />
      {behind >= 1 && <span className="player-time player-behind">{said}</span>}
    </>
  );
}

/** The control bar: play/pause, mute and volume, ±10 s, the seek bar (a live's when it rewinds), LIVE or the time, go to live, the quality, fullscreen. */
export function PlayerControls(p: ControlsProps) {
  const t = useT();
  return (
    <div className="player-controls">
      <button type="button" className="player-button" onClick={p.onTogglePlay} aria-label={t(p.playing ? 'player.pause' : 'player.play')}>
        <Icon name={p.playing ? 'pause' : 'play'} />
      </button>
      <button type="button" className="player-button" onClick={p.onToggleMute} aria-label={t(p.muted ? 'player.unmute' : 'player.mute')}>
        <Icon name={p.muted || p.volume === 0 ? 'muted' : 'volume'} />
      </button>
      <input
        className="player-volume"
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={p.muted ? 0 : p.volume}
        onChange={(e) => p.onVolume(Number(e.currentTarget.value))}
        aria-label={t('player.volume')}
      />
      {(!p.live || p.rewind) && (
        <button type="button" className="player-button player-step" onClick={() => p.onStep(-10)} aria-label={t('player.back10')}>
          <Icon name="back" />
        </button>
      )}
      {p.live && p.rewind && <RewindBar {...p.rewind} />}
      {(!p.live || p.rewind) && (
        <button type="button" className="player-button player-step" onClick={() => p.onStep(10)} aria-label={t('player.forward10')} disabled={p.live && p.rewind !== null && p.rewind.behind < 1}>
          <Icon name="forward" />
        </button>
      )}
      {p.live ? (
        p.behind ? (
          <button type="button" className="player-live player-live-behind" onClick={p.onGoLive}>
            {t('player.goLive')}
          </button>
        ) : (
          <span className="player-live">{t('player.live')}</span>
        )
      ) : (
        <>
          <input
            className="player-seek"
            type="range"
            min={0}
            max={Number.isFinite(p.duration) && p.duration > 0 ? p.duration : 0}
            step={0.1}
            value={Math.min(p.currentTime, Number.isFinite(p.duration) ? p.duration : p.currentTime)}
            onChange={(e) => p.onSeek(Number(e.currentTarget.value))}
            aria-label={t('player.seek')}
            aria-valuetext={`${clock(p.currentTime)} / ${clock(p.duration)}`}
          />
          <span className="player-time">
            {clock(p.currentTime)} / {clock(p.duration)}
          </span>
        </>
      )}
      <span className="player-spacer" />
      {p.quality.list.length > 1 && <QualityMenu {...p.quality} />}
      <button type="button" className="player-button" onClick={p.onToggleFullscreen} aria-label={t(p.fullscreen ? 'player.exitFullscreen' : 'player.fullscreen')}>
        <Icon name={p.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </div>
  );
}
