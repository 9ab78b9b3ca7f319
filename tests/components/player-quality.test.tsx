// The player's quality menu (client/components/player/PlayerControls.tsx, use-engine.ts): shown only for a stream in
// several renditions, automatic first and naming what plays, each rendition highest first, a choice from the
// keyboard handed to the engine, and the choice kept on this device (quality-preference.ts).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Quality } from '../../client/components/player/engine-types';
import { PlayerControls } from '../../client/components/player/PlayerControls';
import { savedQuality, saveQuality } from '../../client/components/player/quality-preference';
import { I18nProvider } from '../../client/i18n/i18n';
import { loadMessages } from '../../src/lib/i18n';

const LADDER: Quality[] = [
  { height: 360, bitrate: 620_000 },
  { height: 480, bitrate: 1_060_000 },
  { height: 240, bitrate: 345_000 },
];
const noop = () => {};

/** The control bar with a quality state as use-engine keeps it; `chosen` records what the engine was asked for. */
function Bar({ list, playing, chosen }: { list: Quality[]; playing: number | null; chosen: (number | null)[] }) {
  const [current, setCurrent] = useState<number | null>(savedQuality());
  const choose = (height: number | null) => {
    chosen.push(height);
    saveQuality(height);
    setCurrent(height);
  };
  return (
    <PlayerControls
      live
      playing
      muted={false}
      volume={1}
      fullscreen={false}
      behind={false}
      currentTime={0}
      duration={0}
      onTogglePlay={noop}
      onToggleMute={noop}
      onVolume={noop}
      onToggleFullscreen={noop}
      onGoLive={noop}
      onSeek={noop}
      onStep={noop}
      rewind={null}
      quality={{ list, playing, chosen: current, choose }}
    />
  );
}

function renderBar(list: Quality[], playing: number | null, locale: 'ko' | 'en' = 'ko') {
  const chosen: (number | null)[] = [];
  render(
    <I18nProvider locale={locale} messages={loadMessages(locale)}>
      <Bar list={list} playing={playing} chosen={chosen} />
    </I18nProvider>,
  );
  return chosen;
}

describe('the quality menu', () => {
  beforeEach(() => localStorage.clear());

  it('lists automatic (with what plays) and each rendition highest first; a keyboard choice reaches the engine and is kept', async () => {
    const chosen = renderBar(LADDER, 480);
    const menu = screen.getByRole('combobox', { name: '화질' }) as HTMLSelectElement;
    expect([...menu.options].map((o) => o.text)).toEqual(['자동 (480p)', '480p', '360p', '240p']);
    expect(menu.value).toBe('auto');

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(menu, '240');
    expect(chosen).toEqual([240]);
    expect(menu.value).toBe('240');
    // A rendition chosen by hand: the automatic entry no longer names what plays.
    expect(menu.options[0]!.text).toBe('자동');
    expect(savedQuality()).toBe(240);

    await user.selectOptions(menu, 'auto');
    expect(chosen).toEqual([240, null]);
    expect(savedQuality()).toBeNull();
  });

  it('opens on the rendition this device chose last time, in the page language', () => {
    saveQuality(360);
    renderBar(LADDER, 360, 'en');
    const menu = screen.getByRole('combobox', { name: 'Quality' }) as HTMLSelectElement;
    expect(menu.value).toBe('360');
    expect(menu.options[0]!.text).toBe('Auto');
  });

  it('is not offered for a stream of one rendition', () => {
    renderBar([{ height: 360, bitrate: 600_000 }], 360);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
