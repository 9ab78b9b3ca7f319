import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelListItem, ChannelPageResponse, ListResponse, StreamCard, StreamKeyResponse } from '../../src/shared/streams-api';
import { Browser } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, insertStream, json, liveChannel, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe('members-only watch calls', () => {
  it('answers a guest 401 on every member route and changes nothing', async () => {
    const guest = new Browser();
    const channel = await insertChannel();
    for (const [method, path, body] of [
      ['GET', '/api/my/streams/played'],
      ['GET', '/api/my/streams/present'],
      ['GET', '/api/my/streams/subscriptions'],
      ['POST', '/api/my/streams/played', { channelId: channel.id }],
      ['DELETE', '/api/my/streams/played/all'],
      ['DELETE', '/api/my/streams/gift/present/1'],
      ['DELETE', '/api/my/streams/subscriptions/remove', { channelIds: [1] }],
      ['GET', '/api/my/stream/recorded-stream-list'],
      ['POST', '/api/my/chennel-register', { title: '내 채널' }],
      ['GET', '/api/my/channel/stream-key'],
      ['POST', '/api/my/channel/stream-key'],
      ['PUT', '/api/my/channel/settings', { title: 'x', description: '', themeCode: null, adult: false }],
      ['GET', '/api/my/channel/settings'],
    ] as Array<[string, string, unknown?]>) {
      const res = body === undefined ? await guest.fetch(path, { method }) : await guest.json(path, body, method);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await count('SELECT COUNT(*) AS n FROM watch_history')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM channels')).toBe(1);
  });
});

describe('recent-view, gift-view and subscriptions-view lists', () => {
  it('records what the member watches, newest first, each with its live', async () => {
    const live = await liveChannel({}, { viewers: 4 });
    const quiet = await insertChannel();
    const { browser } = await signedIn();
    expect(await json(await browser.json('/api/my/streams/played', { channelId: quiet.id }))).toMatchObject({ channelId: quiet.id });
    expect((await browser.json('/api/my/streams/played', { channelId: live.id })).status).toBe(200);
    const list = await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/played'));
    expect(list).toMatchObject({ offset: 0, limit: 20, total: 2 });
    expect(list.items.map((i) => i.channelId)).toEqual([live.id, quiet.id]);
    expect(list.items[0]!.live).toMatchObject({ streamId: live.streamId, viewerCount: 4 });
    expect(list.items[1]!.live).toBeNull();
    const paged = await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/played?offset=1&limit=1'));
    expect(paged.items.map((i) => i.channelId)).toEqual([quiet.id]);
    expect(await count('SELECT stream_id AS n FROM watch_history WHERE channel_id = ?', live.id)).toBe(live.streamId);
  });

  it('refuses unknown channels, bad bodies and bad pages', async () => {
    const { browser } = await signedIn();
    await expectRefused(await browser.json('/api/my/streams/played', { channelId: 999999 }), 404, '채널을 찾을 수 없습니다.');
    for (const body of [{}, { channelId: 'x' }, { channelId: 0 }, { channelId: 1.5 }, { channelId: -1 }]) await expectRefused(await browser.json('/api/my/streams/played', body), 400);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=x']) {
      for (const list of ['played', 'present', 'subscriptions']) await expectRefused(await browser.fetch(`/api/my/streams/${list}?${q}`), 400);
      await expectRefused(await browser.fetch(`/api/my/stream/recorded-stream-list?${q}`), 400);
    }
    expect(await count('SELECT COUNT(*) AS n FROM watch_history')).toBe(0);
  });

  it('deletes played entries one by one or all, only under /streams/', async () => {
    const a = await insertChannel();
    const b = await insertChannel();
    const { browser, id } = await signedIn();
    for (const c of [a, b]) await browser.json('/api/my/streams/played', { channelId: c.id });
    await expectRefused(await browser.fetch(`/api/my/gift/played/${a.id}`, { method: 'DELETE' }), 400);
    await expectRefused(await browser.fetch('/api/my/streams/played/abc', { method: 'DELETE' }), 400);
    await expectRefused(await browser.fetch('/api/my/streams/played/999999', { method: 'DELETE' }), 404, '목록에 없는 채널입니다.');
    expect(await count('SELECT COUNT(*) AS n FROM watch_history WHERE member_id = ?', id)).toBe(2);
    expect(await json(await browser.fetch(`/api/my/streams/played/${a.id}`, { method: 'DELETE' }))).toEqual({ deleted: 1 });
    expect(await json(await browser.fetch('/api/my/streams/played/all', { method: 'DELETE' }))).toEqual({ deleted: 1 });
    expect(await count('SELECT COUNT(*) AS n FROM watch_history WHERE member_id = ?', id)).toBe(0);
  });

  it('lists gifted channels with totals and hides them under /streams/gift/present/', async () => {
    const a = await insertChannel();
    const b = await insertChannel();
    const { browser, id } = await signedIn();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO gift_history (member_id, channel_id, total_amount, last_gift_at) VALUES (?, ?, 3300, 100)').bind(id, a.id),
      env.DB.prepare('INSERT INTO gift_history (member_id, channel_id, total_amount, last_gift_at) VALUES (?, ?, 500, 200)').bind(id, b.id),
    ]);
    const list = await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/present'));
    expect(list.items.map((i) => [i.channelId, i.totalAmount, i.at])).toEqual([
      [b.id, 500, 200],
      [a.id, 3300, 100],
    ]);
    await expectRefused(await browser.fetch(`/api/my/streams/streams/present/${a.id}`, { method: 'DELETE' }), 400);
    expect(await json(await browser.fetch(`/api/my/streams/gift/present/${a.id}`, { method: 'DELETE' }))).toEqual({ deleted: 1 });
    await expectRefused(await browser.fetch(`/api/my/streams/gift/present/${a.id}`, { method: 'DELETE' }), 404);
    expect((await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/present'))).items.map((i) => i.channelId)).toEqual([b.id]);
    expect(await count('SELECT COUNT(*) AS n FROM gift_history WHERE member_id = ?', id)).toBe(2); // hidden, not erased
  });

  it('removes ended subscriptions from the list but refuses any active one, all or nothing', async () => {
    const [active, expired, cancelled] = [await liveChannel(), await insertChannel(), await insertChannel()];
    const { browser, id } = await signedIn();
    await env.DB.batch(
      [
        [active.id, 1, 300, 9_999_999_999_999],
        [expired.id, 3, 200, 1_000],
        [cancelled.id, 2, 100, null],
      ].map(([ch, status, at, exp]) =>
        env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(id, ch, status, at, exp),
      ),
    );
    const list = await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/subscriptions'));
    expect(list.items.map((i) => [i.channelId, i.status, i.expiresAt])).toEqual([
      [active.id, 1, 9_999_999_999_999],
      [expired.id, 3, 1_000],
      [cancelled.id, 2, null],
    ]);
    expect(list.items[0]!.live).toMatchObject({ streamId: active.streamId });
    await expectRefused(
      await browser.json('/api/my/streams/subscriptions/remove', { channelIds: [expired.id, active.id] }, 'DELETE'),
      409,
      '구독 중이거나 사용하지 않은 구독권이 있는 채널은 목록에서 삭제할 수 없습니다.',
    );
    expect(await count('SELECT COUNT(*) AS n FROM channel_subscriptions WHERE member_id = ? AND hidden = 1', id)).toBe(0);
    for (const body of [{}, { channelIds: [] }, { channelIds: ['a'] }, { channelIds: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      await expectRefused(await browser.json('/api/my/streams/subscriptions/remove', body, 'DELETE'), 400);
    }
    expect(await json(await browser.json('/api/my/streams/subscriptions/remove', { channelIds: [expired.id, cancelled.id, 999999] }, 'DELETE'))).toEqual({ removed: 2 });
    expect((await json<ListResponse<ChannelListItem>>(await browser.fetch('/api/my/streams/subscriptions'))).items.map((i) => i.channelId)).toEqual([active.id]);
  });

  it('lists recordings two at a time by default, the member’s own channel without channelId', async () => {
    const { browser, id } = await signedIn();
    expect(await json(await browser.fetch('/api/my/stream/recorded-stream-list'))).toEqual({ items: [], offset: 0, limit: 2, total: 0 });
    const own = await insertChannel({ ownerId: id });
    const ids = [];
    for (const startedAt of [1_000, 2_000, 3_000]) ids.push(await insertStream(own.id, { kind: 2, startedAt }));
    await insertStream(own.id); // the open live is not a recording
    const list = await json<ListResponse<StreamCard>>(await browser.fetch('/api/my/stream/recorded-stream-list'));
    expect(list).toMatchObject({ offset: 0, limit: 2, total: 3 });
    expect(list.items.map((s) => s.streamId)).toEqual([ids[2], ids[1]]);
    expect(list.items[0]).toMatchObject({ kind: 2, channelId: own.id, durationMs: 30_000 });
    const other = await insertChannel();
    const rec = await insertStream(other.id, { kind: 2 });
    expect((await json<ListResponse<StreamCard>>(await browser.fetch(`/api/my/stream/recorded-stream-list?channelId=${other.id}&limit=5`))).items.map((s) => s.streamId)).toEqual([rec]);
    await expectRefused(await browser.fetch('/api/my/stream/recorded-stream-list?channelId=999999'), 404);
    await expectRefused(await browser.fetch('/api/my/stream/recorded-stream-list?channelId=abc'), 400);
  });
});

describe('creator routes', () => {
  it('registers one channel per member with a fresh stream key and rotates it', async () => {
    const { browser, id } = await signedIn();
    await expectRefused(await browser.fetch('/api/my/channel/stream-key'), 404, '아직 채널이 없습니다. 먼저 채널을 등록해 주세요.');
    await expectRefused(await browser.fetch('/api/my/channel/stream-key', { method: 'POST' }), 404);
    for (const body of [{}, { title: '' }, { title: 'x'.repeat(41) }, { title: '채널', description: 'x'.repeat(501) }, { title: '채널', themeCode: 'Not Valid' }]) {
      await expectRefused(await browser.json('/api/my/chennel-register', body), 400);
    }
    await expectRefused(await browser.json('/api/my/chennel-register', { title: '채널', themeCode: 'cooking' }), 400, '존재하지 않는 테마입니다.');
    expect(await count('SELECT COUNT(*) AS n FROM channels WHERE owner_id = ?', id)).toBe(0);
    const made = await json<StreamKeyResponse>(await browser.json('/api/my/chennel-register', { title: '나의 채널', description: '소개', themeCode: 'music' }));
    expect(made.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.ingestPath).toBe(`/live/ingest/${made.streamKey}`);
    await expectRefused(await browser.json('/api/my/chennel-register', { title: '두번째' }), 409, '이미 등록한 채널이 있습니다.');
    expect(await json(await browser.fetch('/api/my/channel/stream-key'))).toEqual(made);
    const rotated = await json<StreamKeyResponse>(await browser.fetch('/api/my/channel/stream-key', { method: 'POST' }));
    expect(rotated.channelId).toBe(made.channelId);
    expect(rotated.streamKey).not.toBe(made.streamKey);
    expect(await count('SELECT COUNT(*) AS n FROM channels WHERE stream_key = ?', made.streamKey)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM channels WHERE stream_key = ? AND id = ?', rotated.streamKey, made.channelId)).toBe(1);
  });

  it('makes the channel adult-only or password-protected, the live on air included', async () => {
    const owner = await signedIn();
    const channel = await liveChannel({ ownerId: owner.id });
    const viewer = new Browser();
    const access = async () => (await json<ChannelPageResponse>(await viewer.fetch(`/api/channels/${channel.id}/channel-page`))).live!.access;
    expect(await access()).toBe('ok');
    const settings = { title: '새 제목', description: '설명', themeCode: 'game', adult: false };
    expect(await json(await owner.browser.json('/api/my/channel/settings', { ...settings, password: '1234' }, 'PUT'))).toEqual({
      channelId: channel.id,
      ...settings,
      adultPlus: false,
      adultPlusBroadcast: false,
      hasPassword: true,
      maxViewers: null,
    });
    expect(await access()).toBe('password');
    expect((await viewer.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=1234`)).status).toBe(200);
    await owner.browser.json('/api/my/channel/settings', { ...settings, adult: true }, 'PUT'); // password kept
    expect(await access()).toBe('identity');
    expect(await json(await owner.browser.fetch('/api/my/channel/settings'))).toEqual({
      channelId: channel.id,
      ...settings,
      adult: true,
      adultPlus: false,
      adultPlusBroadcast: false,
      hasPassword: true,
      maxViewers: null,
    });
    expect(await json(await owner.browser.json('/api/my/channel/settings', { ...settings, password: null }, 'PUT'))).toMatchObject({ hasPassword: false });
    expect(await count('SELECT has_password AS n FROM streams WHERE id = ?', channel.streamId)).toBe(0);
    for (const bad of [{ ...settings, adult: 'yes' }, { ...settings, password: '12' }, { ...settings, title: '' }, { title: 'x' }, { ...settings, themeCode: 'nope' }]) {
      const res = await owner.browser.json('/api/my/channel/settings', bad, 'PUT');
      expect(res.status).toBe(400);
    }
    expect(await count("SELECT COUNT(*) AS n FROM channels WHERE id = ? AND title = '새 제목' AND theme_id = (SELECT id FROM themes WHERE code = 'game')", channel.id)).toBe(1);
    const stranger = await signedIn();
    await expectRefused(await stranger.browser.json('/api/my/channel/settings', settings, 'PUT'), 404);
    await expectRefused(await stranger.browser.fetch('/api/my/channel/settings'), 404);
  });

  it("saves the live settings without title and description, keeping the name and description the studio's profile form saved", async () => {
    const owner = await signedIn();
    const channel = await liveChannel({ ownerId: owner.id });
    await owner.browser.json('/api/my/channel/settings', { title: '프로필 이름', description: '프로필 소개', themeCode: null, adult: false }, 'PUT');
    const saved = await owner.browser.json('/api/my/channel/settings', { themeCode: 'music', adult: true, password: '5678', maxViewers: 30 }, 'PUT');
    expect(await json(saved)).toEqual({
      channelId: channel.id,
      title: '프로필 이름',
      description: '프로필 소개',
      themeCode: 'music',
      adult: true,
      adultPlus: false,
      adultPlusBroadcast: false,
      hasPassword: true,
      maxViewers: 30,
    });
    expect(await count("SELECT COUNT(*) AS n FROM channels WHERE id = ? AND title = '프로필 이름' AND description = '프로필 소개' AND adult = 1", channel.id)).toBe(1);
    // Sent, they are still checked and written as before.
    expect((await owner.browser.json('/api/my/channel/settings', { title: ' ', themeCode: null, adult: false }, 'PUT')).status).toBe(400);
    await owner.browser.json('/api/my/channel/settings', { title: '새 이름', themeCode: null, adult: false }, 'PUT');
    expect(await json(await owner.browser.fetch('/api/my/channel/settings'))).toMatchObject({ title: '새 이름', description: '프로필 소개' });
  });
});
