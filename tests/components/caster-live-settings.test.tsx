// The studio's live settings form (client/components/caster/ChannelForms.tsx), in a DOM without a server: the
// adult-plus control beside adult (adult-plus implies adult), what it sends, the API's refusal shown as it came, and
// the control shut while the operators' switch is off. The rule itself is the API's (tests/worker/adult-plus.test.ts).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnChannelSettings } from '../../src/shared/streams-api';
import type { CasterData } from '../../src/shared/page-props';
import type { ChannelProfile } from '../../src/shared/channel-schemas';
import { fakeApi } from './fake-api';
import { renderPage } from './render-page';

const SETTINGS: OwnChannelSettings = {
  channelId: 7,
  title: '내 채널',
  description: '',
  themeCode: null,
  adult: false,
  adultPlus: false,
  adultPlusBroadcast: true,
  hasPassword: false,
  maxViewers: null,
};

const PROFILE: ChannelProfile = { channelId: 7, name: '루나의 방송국', description: '매일 밤 10시', profileImage: null, banner: null, links: [] };

/** What the /caster loader sends for a creator with a channel (src/pages/watch-pages.ts). */
const casterData = (settings: Partial<OwnChannelSettings> = {}) =>
  ({
    title: '방송하기',
    channel: { channelId: 7, streamKey: 'k'.repeat(32), ingestPath: `/live/ingest/${'k'.repeat(32)}` },
    settings: { ...SETTINGS, ...settings },
    profile: PROFILE,
    origin: 'http://flex.localhost',
    themes: [],
  }) satisfies CasterData;

const openLiveSection = (settings?: Partial<OwnChannelSettings>) => renderPage('CASTER', { path: '/caster?section=live', data: casterData(settings) });
const box = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const ADULT = '성인 방송 (본인인증한 성인만 시청)';
const ADULT_PLUS = '성인+ 방송';
const HINT = '본인인증한 성인 크리에이터만 켤 수 있습니다. 켜면 성인 방송도 켜지고, 성인 방송을 끄면 함께 꺼집니다.';

describe('the adult-plus setting in the studio', () => {
  it('sits beside adult with its hint; on turns adult on, adult off turns it off, and the save sends both', async () => {
    const api = fakeApi({ 'PUT /api/my/channel/settings': (call) => ({ body: { ...SETTINGS, ...(call.body as object) } }) });
    await openLiveSection();
    const user = userEvent.setup({ delay: null });
    expect(box(ADULT_PLUS)).toBeEnabled();
    expect(box(ADULT_PLUS)).toHaveAccessibleDescription(HINT);

    await user.click(box(ADULT_PLUS));
    expect(box(ADULT_PLUS)).toBeChecked();
    expect(box(ADULT)).toBeChecked();
    await user.click(box(ADULT));
    expect(box(ADULT)).not.toBeChecked();
    expect(box(ADULT_PLUS)).not.toBeChecked();

    await user.click(box(ADULT_PLUS));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.calls('PUT', '/api/my/channel/settings')).toHaveLength(1));
    expect(api.calls('PUT', '/api/my/channel/settings')[0]!.body).toMatchObject({ adult: true, adultPlus: true });
  });

  it("shows the API's refusal in the user's language", async () => {
    const message = '성인+ 방송은 본인인증을 마친 성인 크리에이터만 켤 수 있습니다.';
    fakeApi({ 'PUT /api/my/channel/settings': { status: 403, body: { error: { code: 'VERIFIED_ADULT_REQUIRED', message } } } });
    await openLiveSection();
    const user = userEvent.setup({ delay: null });
    await user.click(box(ADULT_PLUS));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("is shut, with the reason, while the operators' switch is off", async () => {
    fakeApi({});
    await openLiveSection({ adultPlusBroadcast: false });
    expect(box(ADULT_PLUS)).toBeDisabled();
    expect(box(ADULT_PLUS)).toHaveAccessibleDescription(`${HINT} 운영자가 성인+ 방송을 허용하지 않아 지금은 켤 수 없습니다.`);
  });

  it('lets a channel that has it turn it off while the switch is off', async () => {
    fakeApi({});
    await openLiveSection({ adultPlusBroadcast: false, adult: true, adultPlus: true });
    expect(box(ADULT_PLUS)).toBeEnabled();
    expect(box(ADULT_PLUS)).toBeChecked();
    await userEvent.setup({ delay: null }).click(box(ADULT));
    expect(box(ADULT_PLUS)).not.toBeChecked();
  });
});

describe("the studio's first section", () => {
  it('shows the channel profile form from the page data in its first render, not after a call (nothing below it moves later)', async () => {
    // The API would answer another name: what shows is the loader's.
    fakeApi({ 'GET /api/my/channel/profile': { body: { ...PROFILE, name: '나중에 온 이름' } } });
    await renderPage('CASTER', { path: '/caster', data: casterData() });
    expect(screen.getByDisplayValue('루나의 방송국')).toBeInTheDocument();
    expect(screen.getByDisplayValue('매일 밤 10시')).toBeInTheDocument();
  });
});
