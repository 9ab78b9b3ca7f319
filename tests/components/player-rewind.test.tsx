// A live's rewind controls (client/components/player/PlayerControls.tsx): the seek bar counts seconds behind the edge
// (the edge at its right end) and says so in words, ±10 s buttons step, forward is off at the edge, "go to live"
// appears once behind, and a live that cannot be rewound keeps only its LIVE badge.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlayerControls, type ControlsProps } from '../../client/components/player/PlayerControls';
import { I18nProvider } from '../../client/i18n/i18n';
import { loadMessages } from '../../src/lib/i18n';

const noop = () => {};

function renderBar(over: Partial<ControlsProps>, locale: 'ko' | 'en' = 'ko') {
  const calls: { step: number[]; seekBehind: number[]; goLive: number } = { step: [], seekBehind: [], goLive: 0 };
  const props: ControlsProps = {
    live: true,
    playing: true,
    muted: false,
    volume: 1,
    fullscreen: false,
    behind: false,
    currentTime: 0,
    duration: 0,
    onTogglePlay: noop,
    onToggleMute: noop,
    onVolume: noop,
    onToggleFullscreen: noop,
    onGoLive: () => calls.goLive++,
    onSeek: noop,
    onStep: (delta) => calls.step.push(delta),
    rewind: null,
    quality: { list: [], playing: null, chosen: null, choose: noop },
    ...over,
  };
  render(
    <I18nProvider locale={locale} messages={loadMessages(locale)}>
      <PlayerControls {...props} />
    </I18nProvider>,
  );
  return calls;
}

const rewind = (behind: number, window: number, seen: number[]) => ({ behind, window, seekBehind: (s: number) => seen.push(s) });

describe("a live's rewind controls", () => {
  it('at the edge: the bar at its right end says so, forward is off, back steps ten seconds', async () => {
    const seen: number[] = [];
    const calls = renderBar({ rewind: rewind(0, 600, seen) });
    const bar = screen.getByRole('slider', { name: '라이브 되감기' });
    expect(bar).toHaveAttribute('min', '-600');
    expect(bar).toHaveAttribute('max', '0');
    expect(bar).toHaveValue('0');
    expect(bar).toHaveAttribute('aria-valuetext', '실시간 시청 중');
    expect(screen.getByRole('button', { name: '10초 앞으로' })).toBeDisabled();
    expect(screen.getByText('LIVE')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '10초 뒤로' }));
    expect(calls.step).toEqual([-10]);
    fireEvent.change(bar, { target: { value: '-125' } });
    expect(seen).toEqual([125]);
  });

  it('behind: the bar and the words say how far, forward steps, and "go to live" returns', async () => {
    const seen: number[] = [];
    const calls = renderBar({ behind: true, rewind: rewind(312, 3600, seen) }, 'en');
    const bar = screen.getByRole('slider', { name: 'Rewind the live' });
    expect(bar).toHaveValue('-312');
    expect(bar).toHaveAttribute('aria-valuetext', '5:12 behind live');
    expect(screen.getByText('5:12 behind live')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(calls.step).toEqual([10]);
    await userEvent.click(screen.getByRole('button', { name: 'Go to live' }));
    expect(calls.goLive).toBe(1);
  });

  it('a live that cannot be rewound keeps only its badge; a recording steps too', () => {
    renderBar({ rewind: null });
    expect(screen.queryByRole('slider', { name: '라이브 되감기' })).toBeNull();
    expect(screen.queryByRole('button', { name: '10초 뒤로' })).toBeNull();
    expect(screen.getByText('LIVE')).toBeInTheDocument();
  });

  it('a recording has its position bar and the ±10 s buttons', async () => {
    const calls = renderBar({ live: false, currentTime: 30, duration: 90 });
    expect(screen.getByRole('slider', { name: '재생 위치' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '10초 앞으로' }));
    expect(calls.step).toEqual([10]);
  });
});
