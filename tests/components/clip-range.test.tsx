// The clip dialog's range (client/components/clips/ClipButton.tsx): two sliders around the moment the button was
// pressed, held between the shortest and the longest clip; a live's end goes no later than that moment, a
// recording's up to 30 s after it; what is sent is the chosen length and the end as a program date-time.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClipButton } from '../../client/components/clips/ClipButton';
import { I18nProvider } from '../../client/i18n/i18n';
import { loadMessages } from '../../src/lib/i18n';
import type { Me } from '../../src/shared/page-props';
import { fakeApi } from './fake-api';

const MOMENT = 1_780_000_000_000;
const ME: Me = { loginId: 'viewer', nickname: '시청자', identityVerified: false, isForeigner: false, adult: false, avatarUrl: null };

function openDialog({ live, clock = () => MOMENT }: { live: boolean; clock?: () => number | null }) {
  const api = fakeApi({ 'POST /api/clips': { body: { clipId: 'AbCdEfGh12' } } });
  render(
    <I18nProvider locale="ko" messages={loadMessages('ko')}>
      <ClipButton streamId={9} live={live} clock={{ current: clock }} me={ME} />
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '클립' }));
  return api;
}
const slider = (name: '시작' | '끝') => screen.getByRole('slider', { name }) as HTMLInputElement;
const move = (name: '시작' | '끝', value: number) => fireEvent.change(slider(name), { target: { value: String(value) } });
const said = (name: '시작' | '끝') => slider(name).getAttribute('aria-valuetext');

async function submit(api: ReturnType<typeof fakeApi>) {
  await userEvent.setup({ delay: null }).type(screen.getByLabelText('제목'), '명장면');
  fireEvent.click(screen.getByRole('button', { name: '클립 만들기' }));
  await waitFor(() => expect(api.calls('POST', '/api/clips')).toHaveLength(1));
  return api.calls('POST', '/api/clips')[0]!.body as { seconds: number; endAt?: number; title: string };
}

describe('the clip range', () => {
  it('on a recording: 30 s up to the moment first; the handles keep 5-60 s between them and reach 90 s back, 30 s on', async () => {
    const api = openDialog({ live: false });
    expect([said('시작'), said('끝')]).toEqual(['00:30 전', '누른 순간']);
    expect(screen.getByText('길이 30초')).toBeVisible();

    move('시작', -120); // past the reach: held at 90 s back, and the end follows to keep 60 s
    expect([slider('시작').value, slider('끝').value]).toEqual(['-90', '-30']);
    move('끝', 25); // the start follows the end
    expect([said('시작'), said('끝')]).toEqual(['00:35 전', '00:25 후']);
    move('시작', 24); // never shorter than 5 s
    expect([slider('시작').value, slider('끝').value]).toEqual(['24', '29']);
    move('시작', 10);
    expect(screen.getByText('길이 19초')).toBeVisible();

    expect(await submit(api)).toMatchObject({ streamId: 9, title: '명장면', seconds: 19, endAt: MOMENT + 29_000 });
    expect(await screen.findByText('클립을 만들었습니다.')).toBeVisible();
  });

  it('on a live: the end goes no later than the moment; the clip ends where it was put', async () => {
    const api = openDialog({ live: true });
    move('끝', 20);
    expect(slider('끝').value).toBe('0');
    move('시작', -12);
    move('끝', -2);
    expect([said('시작'), said('끝')]).toEqual(['00:12 전', '00:02 전']);
    expect(await submit(api)).toMatchObject({ seconds: 10, endAt: MOMENT - 2_000 });
  });

  it("without the player's clock only the start moves, and the clip ends at the newest moment the server has", async () => {
    const api = openDialog({ live: true, clock: () => null });
    expect(slider('끝')).toBeDisabled();
    move('시작', -45);
    const sent = await submit(api);
    expect(sent.seconds).toBe(45);
    expect(sent).not.toHaveProperty('endAt');
  });
});
