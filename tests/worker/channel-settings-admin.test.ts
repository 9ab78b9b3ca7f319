import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import channeling from '../../kv-seed/channeling.json';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import type { ChannelData } from '../../src/shared/page-props';
import type { ChannelSettings, ChannelSettingsUpdateResponse } from '../../src/shared/streams-api';
import { Browser, propsOf, signUpMember } from './helpers';
import { joined, makeMember, makeRoom, sleep, type ChatClient } from './chat-helpers';

// PUT /api/admin/channeling-switching: staff (P, O) change the channel settings; the edge forgets its
// 10-minute copy and the rooms of channels on air hear CHANNELING_SETTING_UPDATE. Everyone else, and
// every bad body, changes nothing.

const ADMIN = '/api/admin/channeling-switching';
const GUEST = '/api/guest/channeling-switching';

const stored = async () => (await env.CONFIG.get('channeling', 'json')) as ChannelSettings;

async function member(role: 'P' | 'O' | 'S' | 'V' | 'J'): Promise<Browser & { loginId: string }> {
  const { browser, loginId, res } = await signUpMember();
  expect(res.status).toBe(200);
  await env.DB.prepare('UPDATE members SET role = ? WHERE login_id = ?').bind(role, loginId).run();
  return Object.assign(browser, { loginId });
}

/** A room whose channel is on air (an open live stream), and one member listening in it. */
async function liveRoom(): Promise<{ channelId: number; listener: ChatClient }> {
  const { room, channelId } = await makeRoom();
  await env.DB.prepare("INSERT INTO streams (channel_id, kind, source, title, started_at) VALUES (?, 1, 'flex', '설정 알림', ?)").bind(channelId, Date.now()).run();
  const { client } = await joined(room, await makeMember());
  return { channelId, listener: client };
}

const heardUpdate = (client: ChatClient) => client.frames.some((f) => f.type === 'event' && f.kind === 'CHANNELING_SETTING_UPDATE');

describe('PUT /api/admin/channeling-switching', () => {
  it('an operator switches broadcasting off: KV, the edge copy and the rooms on air all follow at once', async () => {
    const operator = await member('O');
    const { listener } = await liveRoom();
    const offline = (await joined((await makeRoom()).room, await makeMember())).client;
    // Prime the edge's 10-minute copy, so a stale answer below would show.
    expect(((await (await operator.fetch(GUEST)).json()) as ChannelSettings).broadcasting).toBe(true);

    const res = await operator.json(ADMIN, { broadcasting: false }, 'PUT');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as ChannelSettingsUpdateResponse;
    expect(body.settings).toEqual({ ...channeling, broadcasting: false });
    expect(body.notifiedRooms).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual({ ...channeling, broadcasting: false });
    expect(((await (await operator.fetch(GUEST)).json()) as ChannelSettings).broadcasting).toBe(false);

    await listener.waitFor((f) => f.type === 'event' && f.kind === 'CHANNELING_SETTING_UPDATE');
    await sleep(200);
    expect(heardUpdate(offline)).toBe(false); // only rooms of channels on air are told
  });

  it('police may too; a partial update keeps every other field, and bank fields are checked and stored', async () => {
    const police = await member('P');
    await env.CONFIG.put('channeling', JSON.stringify({ ...channeling, adultBroadcast: false }));
    const res = await police.json(ADMIN, { adultPlusBroadcast: true, bank_holder_name: ' 플렉스 ', bank_code: '088', bank_account: '110-123-456789' }, 'PUT');
    expect(res.status).toBe(200);
    expect(await stored()).toEqual({ ...channeling, adultBroadcast: false, adultPlusBroadcast: true, bank_holder_name: '플렉스', bank_code: '088', bank_account: '110-123-456789' });
  });

  it('members who are not staff get 403 in their language, guests 401; nothing changes and no room hears of it', async () => {
    const { listener } = await liveRoom();
    for (const role of ['V', 'S', 'J'] as const) {
      const browser = await member(role);
      const res = await browser.json(ADMIN, { broadcasting: false }, 'PUT');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: ko.errors.staffOnly } });
    }
    const english = await member('V');
    const inEnglish = await english.json(ADMIN, { broadcasting: false }, 'PUT', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(((await inEnglish.json()) as { error: { message: string } }).error.message).toBe(en.errors.staffOnly);

    const guest = new Browser();
    const anonymous = await guest.json(ADMIN, { broadcasting: false }, 'PUT');
    expect(anonymous.status).toBe(401);
    // A blocked operator is nobody's staff.
    const blocked = await member('O');
    await env.DB.prepare('UPDATE members SET blocked = 1 WHERE login_id = ?').bind(blocked.loginId).run();
    expect([401, 403]).toContain((await blocked.json(ADMIN, { broadcasting: false }, 'PUT')).status);

    expect(await stored()).toEqual(channeling);
    await sleep(200);
    expect(heardUpdate(listener)).toBe(false);
  });

  it('bad bodies are 400 in the caller’s language and change nothing', async () => {
    const operator = await member('O');
    const { listener } = await liveRoom();
    const bad: unknown[] = [
      {},
      { broadcasting: 'false' },
      { broadcasting: 0 },
      { broadcasting: null },
      { broadcasting: false, unknownSwitch: true }, // strict: the valid part is not applied either
      { bank_code: '1' },
      { bank_account: 'abc' },
      { bank_holder_name: '   ' },
      { bank_holder_name: 'x'.repeat(41) },
      [{ broadcasting: false }],
      'broadcasting=false',
      null,
    ];
    for (const body of bad) {
      const res = await operator.json(ADMIN, body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'BAD_REQUEST', message: ko.errors.badRequest });
    }
    const notJson = await operator.fetch(ADMIN, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"broadcasting": fal' });
    expect(notJson.status).toBe(400);
    expect(await stored()).toEqual(channeling);
    await sleep(200);
    expect(heardUpdate(listener)).toBe(false);
  });

  it('a method other than PUT is not a way in', async () => {
    const operator = await member('O');
    expect((await operator.json(ADMIN, { broadcasting: false }, 'POST')).status).toBe(404);
    expect(await stored()).toEqual(channeling);
  });
});

describe('the edge copy of the settings', () => {
  it('is kept 10 minutes for ordinary reads, but a no-cache read (the page after the room’s event) gets the stored ones', async () => {
    const browser = new Browser();
    expect(((await (await browser.fetch(GUEST)).json()) as ChannelSettings).adultBroadcast).toBe(true);
    // As `npm run ops -- channeling adultBroadcast false` does: KV only, nobody told.
    await env.CONFIG.put('channeling', JSON.stringify({ ...channeling, adultBroadcast: false }));
    expect(((await (await browser.fetch(GUEST)).json()) as ChannelSettings).adultBroadcast).toBe(true);
    const fresh = await browser.fetch(GUEST, { headers: { 'cache-control': 'no-cache' } });
    expect(((await fresh.json()) as ChannelSettings).adultBroadcast).toBe(false);
    // The fresh answer replaced the copy for everyone on this isolate.
    expect(((await (await browser.fetch(GUEST)).json()) as ChannelSettings).adultBroadcast).toBe(false);
  });

  it('the channel page carries the settings it was rendered with (the client’s SWR data starts there)', async () => {
    const { room } = await makeRoom();
    const owner = await env.DB.prepare('SELECT m.login_id FROM channels c JOIN members m ON m.id = c.owner_id WHERE c.id = ?').bind(Number(room)).first<{ login_id: string }>();
    const page = await new Browser().open(`/channel/${owner!.login_id}`);
    expect(page.status).toBe(200);
    const data = propsOf(await page.text()).data as ChannelData;
    expect(data.settings).toEqual(channeling);
  });
});
