import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse, ChannelSettings, LiveAuthResponse, LiveTimeResponse, ListResponse, StreamCard, StreamDetail, ViewMainResponse } from '../../src/shared/streams-api';
import { playbackTokenValid } from '../../src/lib/playback-token';
import { forgetChannelSettings } from '../../src/proxy/channel-settings';
import { kstPeriodStart, liveTime } from '../../src/api/services/channels';
import { Browser, get } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, insertStream, json, liveChannel, setChannelSettings, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

const guest = () => new Browser();
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token');

describe('GET /api/my/view-main', () => {
  it('lists open lives busiest first, flags adult ones, and gives a guest no recently watched', async () => {
    const quiet = await liveChannel({}, { viewers: 3, startedAt: Date.now() - 50_000 });
    const busy = await liveChannel({}, { viewers: 90 });
    const tieNewer = await liveChannel({ adult: true }, { viewers: 3, startedAt: Date.now() - 10_000 });
    const ended = await insertChannel();
    await insertStream(ended.id, { kind: 2, viewers: 500 });
    await env.DB.prepare("INSERT INTO popups (title, body, starts_at) VALUES ('이벤트', '내용', 0)").run();
    const body = await json<ViewMainResponse>(await get('/api/my/view-main?device=PC'));
    expect(body.lives.map((l) => l.streamId)).toEqual([busy.streamId, tieNewer.streamId, quiet.streamId]);
    expect(body.lives[1]).toMatchObject({ adult: true, kind: 1, channelId: tieNewer.id, themeCode: 'talk', endedAt: null });
    expect(body.recentlyWatched).toEqual([]);
    expect(body.suggestions.map((l) => l.streamId)).toEqual(body.lives.map((l) => l.streamId));
    expect(body.popup).toMatchObject({ title: '이벤트', body: '내용' });
    // The seeded themes in their order; a file earlier in the lane may have added one of its own.
    const seeded = ['talk', 'game', 'music', 'sports', 'study'];
    expect(body.themes.map((t) => t.code).filter((code) => seeded.includes(code))).toEqual(seeded);
  });

  it('hides adult lives when adult broadcasting is off, and every live when broadcasting is off', async () => {
    await liveChannel({ adult: true });
    const plain = await liveChannel();
    await setChannelSettings({ adultBroadcast: false });
    expect((await json<ViewMainResponse>(await get('/api/my/view-main'))).lives.map((l) => l.streamId)).toEqual([plain.streamId]);
    await setChannelSettings({ broadcasting: false });
    const body = await json<ViewMainResponse>(await get('/api/my/view-main'));
    expect(body.lives).toEqual([]);
    expect(body.suggestions).toEqual([]);
  });

  it('filters themes by device and refuses an unknown device', async () => {
    await env.DB.prepare("INSERT INTO themes (code, sort, device) VALUES ('pc_only', 9, 'PC'), ('mobile_only', 9, 'MOBILE')").run();
    const codes = async (device: string) => (await json<ViewMainResponse>(await get(`/api/my/view-main?device=${device}`))).themes.map((t) => t.code);
    expect(await codes('PC')).toContain('pc_only');
    expect(await codes('PC')).not.toContain('mobile_only');
    expect(await codes('MOBILE_WEB')).toContain('mobile_only');
    expect(await codes('APP')).not.toContain('pc_only');
    expect(await codes('UNKNOWN')).not.toContain('pc_only');
    expect(await json(await get('/api/guest/themes?device=PC'))).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ code: 'pc_only' })]) });
    await expectRefused(await get('/api/my/view-main?device=TV'), 400, '요청 내용을 확인해주세요.');
    await expectRefused(await get('/api/guest/themes?device=pc'), 400);
    await env.DB.prepare("DELETE FROM themes WHERE code IN ('pc_only', 'mobile_only')").run();
  });

  it('gives a member their recently watched channels, and refuses a bad token with 401', async () => {
    const watched = await liveChannel();
    const other = await liveChannel({}, { viewers: 5 });
    const { browser } = await signedIn();
    expect((await browser.json('/api/my/streams/played', { channelId: watched.id })).status).toBe(200);
    const body = await json<ViewMainResponse>(await browser.fetch('/api/my/view-main?device=PC'));
    expect(body.recentlyWatched.map((s) => s.streamId)).toEqual([watched.streamId]);
    expect(body.suggestions.map((s) => s.streamId)).toEqual([other.streamId]);
    const res = await get('/api/my/view-main', { cookie: 'flx_oauth_access=not-a-token' });
    expect(res.status).toBe(401);
  });
});

describe('home content', () => {
  it('answers only rows in their time window, by sort', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO banners (style, title, image_url, link_url, sort, starts_at, ends_at) VALUES
         ('classic', '둘', '/b2.svg', '/', 2, 0, NULL), ('classic', '하나', '/b1.svg', '/', 1, 0, ?1),
         ('classic', '지난', '/old.svg', '/', 0, 0, ?2), ('classic', '예정', '/soon.svg', '/', 0, ?3, NULL),
         ('new', '새', '/n.svg', '/caster', 1, 0, NULL)`,
      ).bind(now + 60_000, now - 1, now + 60_000),
      env.DB.prepare("INSERT INTO popups (title, body, starts_at, ends_at) VALUES ('끝난 팝업', 'x', 0, ?), ('팝업', '본문', ?, NULL)").bind(now - 1, now - 1000),
      env.DB.prepare("INSERT INTO logos (name, image_url, link_url, sort) VALUES ('B', '/b.svg', '/', 2), ('A', '/a.svg', '/', 1)"),
    ]);
    expect((await json<{ items: Array<{ title: string }> }>(await get('/api/guest/banners'))).items.map((b) => b.title)).toEqual(['하나', '둘']);
    expect((await json<{ items: Array<{ title: string; linkUrl: string }> }>(await get('/api/guest/banners-newstyle'))).items).toEqual([expect.objectContaining({ title: '새', linkUrl: '/caster' })]);
    expect((await json<{ items: Array<{ title: string }> }>(await get('/api/guest/popups'))).items.map((p) => p.title)).toEqual(['팝업']);
    expect((await json<{ items: Array<{ name: string }> }>(await get('/api/guest/logo-list'))).items.map((l) => l.name)).toEqual(['A', 'B']);
    expect((await json<ViewMainResponse>(await get('/api/my/view-main'))).banners.map((b) => b.title)).toEqual(['하나', '둘']);
  });

  it('suggests lives a member does not already watch or subscribe to, never for someone else', async () => {
    const watched = await liveChannel({}, { viewers: 10 });
    const subscribed = await liveChannel({}, { viewers: 9 });
    // Still subscribed: renewal cancelled (5), and unsubscribed (2) until the paid period ends; not any more: 2 past
    // its end, expired (3); not yet: a pass not started (4).
    const [cancelled, leaving, left, expired, unusedPass] = [
      await liveChannel({}, { viewers: 8 }),
      await liveChannel({}, { viewers: 7 }),
      await liveChannel({}, { viewers: 6 }),
      await liveChannel({}, { viewers: 5 }),
      await liveChannel({}, { viewers: 4 }),
    ];
    const fresh = await liveChannel({}, { viewers: 1 });
    const { browser, id } = await signedIn();
    await browser.json('/api/my/streams/played', { channelId: watched.id });
    const now = Date.now();
    const subscription = env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at) VALUES (?, ?, ?, 0, ?)');
    await env.DB.batch([
      subscription.bind(id, subscribed.id, 1, null),
      subscription.bind(id, cancelled.id, 5, now + 86_400_000),
      subscription.bind(id, leaving.id, 2, now + 86_400_000),
      subscription.bind(id, left.id, 2, now - 1000),
      subscription.bind(id, expired.id, 3, now - 1000),
      subscription.bind(id, unusedPass.id, 4, null),
    ]);
    const mine = await json<ListResponse<StreamCard>>(await browser.fetch(`/api/guest/suggestion-list?memberId=${id}&limit=5`));
    expect(mine.items.map((s) => s.streamId)).toEqual([left.streamId, expired.streamId, unusedPass.streamId, fresh.streamId]);
    const asGuest = await json<ListResponse<StreamCard>>(await get(`/api/guest/suggestion-list?memberId=${id}`));
    expect(asGuest).toMatchObject({ offset: 0, limit: 20 });
    expect(asGuest.items.map((s) => s.streamId)).toEqual([watched, subscribed, cancelled, leaving, left, expired, unusedPass, fresh].map((c) => c.streamId));
    expect((await json<ListResponse<StreamCard>>(await get('/api/guest/suggestion-list?limit=1'))).items).toHaveLength(1);
    for (const q of ['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'memberId=0', 'memberId=x']) await expectRefused(await get(`/api/guest/suggestion-list?${q}`), 400);
  });

  it('counts active subscribers and tells whether board posts are new', async () => {
    const channel = await insertChannel();
    const members = await Promise.all(
      [1, 2, 3].map(() =>
        env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (lower(hex(randomblob(6))), lower(hex(randomblob(5))), 'x') RETURNING id").first<{ id: number }>(),
      ),
    );
    await env.DB.batch(
      members.map((m, i) => env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at) VALUES (?, ?, ?, 0)').bind(m!.id, channel.id, [1, 3, 1][i])),
    );
    expect(await json(await get(`/api/guest/subscriber-count?channelId=${channel.id}`))).toEqual({ channelId: channel.id, count: 2 });
    const at = Date.now() - 3_600_000;
    await env.DB.prepare("INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, 'free', '글', '<p>본문</p>', '본문', ?, ?)")
      .bind(channel.id, channel.ownerId, at, at)
      .run();
    expect(await json(await get(`/api/guest/find-new-board?channelId=${channel.id}`))).toMatchObject({ channelId: channel.id, hasNew: true, latestAt: at });
    expect(await json(await get(`/api/guest/find-new-board?channelId=${channel.id}&since=${at}`))).toMatchObject({ hasNew: false });
    await expectRefused(await get('/api/guest/subscriber-count?channelId=999999'), 404, '채널을 찾을 수 없습니다.');
    await expectRefused(await get('/api/guest/find-new-board?channelId=999999'), 404);
    for (const q of ['', 'channelId=abc', 'channelId=-1', 'channelId=1.5']) await expectRefused(await get(`/api/guest/subscriber-count?${q}`), 400);
    await expectRefused(await get(`/api/guest/find-new-board?channelId=${channel.id}&since=yesterday`), 400);
  });
});

describe('GET /api/guest/channeling-switching', () => {
  it('is answered from the edge cache for 10 minutes until forgotten', async () => {
    const first = await get('/api/guest/channeling-switching');
    expect(first.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await json<ChannelSettings>(first)).toMatchObject({ broadcasting: true, adultBroadcast: true, bank_code: '020' });
    await setChannelSettings({ broadcasting: false });
    // The API itself already sees the change (view-main hides lives) ...
    await liveChannel();
    expect((await json<ViewMainResponse>(await get('/api/my/view-main'))).lives).toEqual([]);
    // ... but the edge answers from its cache without asking the API.
    const second = await get('/api/guest/channeling-switching');
    expect(second.headers.get('cache-control')).toBe('public, max-age=600');
    expect((await json<ChannelSettings>(second)).broadcasting).toBe(true);
    forgetChannelSettings();
    expect((await json<ChannelSettings>(await get('/api/guest/channeling-switching'))).broadcasting).toBe(false);
  });
});

describe('GET /api/channels/{id}/channel-page and /api/streams/{id}', () => {
  it('shows a plain live with its playback, recordings newest first, counters and the subscribed flag', async () => {
    const channel = await liveChannel({ thumbnailAt: 1_700_000_000_000 }, { viewers: 7 });
    const older = await insertStream(channel.id, { kind: 2, startedAt: 1_000 });
    const newer = await insertStream(channel.id, { kind: 2, startedAt: 3_000 });
    const newest = await insertStream(channel.id, { kind: 2, startedAt: 5_000 });
    const page = await json<ChannelPageResponse>(await get(`/api/channels/${channel.id}/channel-page`));
    expect(page.channel).toMatchObject({
      channelId: channel.id,
      subscriberCount: 0,
      noticeCount: 0,
      latestNoticeAt: null,
      subscribed: false,
      thumbnailUrl: `/live/${channel.id}/thumb.jpg?v=1700000000000`,
    });
    expect(page.live).toMatchObject({
      streamId: channel.streamId,
      access: 'ok',
      viewerCount: 7,
      playback: { playerType: 'HLS', source: 'flex', url: `/live/${channel.id}/${channel.streamId}/index.m3u8`, expiresAt: null },
    });
    expect(page.recorded.map((r) => r.streamId)).toEqual([newest, newer]);
    expect(older).toBeLessThan(newer);
    const { browser, id } = await signedIn();
    await env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at) VALUES (?, ?, 1, 0)').bind(id, channel.id).run();
    expect((await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${channel.id}/channel-page`))).channel).toMatchObject({ subscribed: true, subscriberCount: 1 });
    const vod = await json<StreamDetail>(await get(`/api/streams/${newest}`));
    expect(vod).toMatchObject({ streamId: newest, kind: 2, access: 'ok', playback: { url: `/live/${channel.id}/${newest}/index.m3u8` } });
  });

  it('gates an adult live by identity and age, and signs the playback of those who may watch', async () => {
    const adult = await liveChannel({ adult: true });
    const pageFor = async (browser: Browser) => (await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${adult.id}/channel-page`))).live!;
    expect(await pageFor(guest())).toMatchObject({ access: 'identity', playback: null, adult: true });
    expect(await pageFor((await signedIn('unverified')).browser)).toMatchObject({ access: 'identity', playback: null });
    expect(await pageFor((await signedIn('minor')).browser)).toMatchObject({ access: 'adult', playback: null });
    const grown = await signedIn('adult');
    const live = await pageFor(grown.browser);
    expect(live.access).toBe('ok');
    expect(live.playback!.url).toMatch(new RegExp(`^/live/${adult.id}/${adult.streamId}/index\\.m3u8\\?token=\\d{13}\\.`));
    expect(live.playback!.expiresAt).toBeGreaterThan(Date.now());
    expect(await playbackTokenValid(env.JWT_SECRET, adult.streamId, tokenOf(live.playback!.url))).toBe(true);
    expect(await playbackTokenValid(env.JWT_SECRET, adult.streamId + 1, tokenOf(live.playback!.url))).toBe(false);
    await setChannelSettings({ adultBroadcast: false });
    expect(await pageFor(grown.browser)).toMatchObject({ access: 'unavailable', playback: null });
    // The same rules for one stream by id, live or recorded.
    const rec = await insertStream(adult.id, { kind: 2, adult: true });
    expect(await json(await get(`/api/streams/${rec}`))).toMatchObject({ access: 'unavailable', playback: null });
    await setChannelSettings({ adultBroadcast: true });
    expect(await json(await get(`/api/streams/${rec}`))).toMatchObject({ access: 'identity' });
    expect(await json(await grown.browser.fetch(`/api/streams/${rec}`))).toMatchObject({ access: 'ok', playback: { url: expect.stringContaining('?token=') } });
  });

  it('lets the owner watch their own adult live even with adult broadcasting off', async () => {
    const owner = await signedIn('minor');
    const channel = await liveChannel({ ownerId: owner.id, adult: true });
    await setChannelSettings({ adultBroadcast: false });
    const live = (await json<ChannelPageResponse>(await owner.browser.fetch(`/api/channels/${channel.id}/channel-page`))).live!;
    expect(live.access).toBe('ok');
    expect(await playbackTokenValid(env.JWT_SECRET, channel.streamId, tokenOf(live.playback!.url))).toBe(true);
  });

  it('plays third-party sources from their stored URLs', async () => {
    const ivs = await liveChannel({ source: 'aws' }, { playbackUrl: 'https://ivs.example.com/abc.m3u8' });
    const rtc = await liveChannel({ source: 'bp_rtc', externalHlsUrl: 'https://bp.example.com/live.m3u8' }, { playbackUrl: 'https://bp.example.com/app/whep' });
    const flv = await liveChannel({ source: 'bp_flv' }, { playbackUrl: 'https://bp.example.com/live.flv' });
    const live = async (id: number) => (await json<ChannelPageResponse>(await get(`/api/channels/${id}/channel-page`))).live!;
    expect((await live(ivs.id)).playback).toEqual({ playerType: 'IVS', source: 'aws', url: 'https://ivs.example.com/abc.m3u8', expiresAt: null });
    expect((await live(rtc.id)).playback).toEqual({
      playerType: 'BYTEPLUS',
      source: 'bp_rtc',
      url: 'https://bp.example.com/app/whep',
      whep: true,
      hlsUrl: 'https://bp.example.com/live.m3u8',
      expiresAt: null,
    });
    expect((await live(flv.id)).playback).toMatchObject({ playerType: 'BYTEPLUS', url: 'https://bp.example.com/live.flv' });
  });

  it('answers an offline channel with no live, and bad or unknown ids with 4xx', async () => {
    const channel = await insertChannel();
    expect((await json<ChannelPageResponse>(await get(`/api/channels/${channel.id}/channel-page`))).live).toBeNull();
    await expectRefused(await get('/api/channels/999999/channel-page'), 404, '채널을 찾을 수 없습니다.');
    await expectRefused(await get('/api/streams/999999'), 404, '방송을 찾을 수 없습니다.');
    for (const bad of ['abc', '0', '-3', '1e3', '99999999999999999999']) {
      await expectRefused(await get(`/api/channels/${bad}/channel-page`), 400);
      await expectRefused(await get(`/api/streams/${bad}`), 400);
    }
    const en = await get('/api/channels/999999/channel-page', { headers: { 'accept-language': 'en' }, cookie: 'flx_locale=en' });
    expect((await json<{ error: { message: string } }>(en)).error.message).toBe('Channel not found.');
  });
});

describe('/api/guest/live-Auth (GET for the apps, POST for the site)', () => {
  it('asks for the password, refuses a wrong one and signs playback for the right one', async () => {
    const channel = await liveChannel({ password: '1234' });
    const browser = guest();
    const page = await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${channel.id}/channel-page`));
    expect(page.live).toMatchObject({ access: 'password', hasPassword: true, playback: null });
    await expectRefused(await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=0000`), 403, '비밀번호가 올바르지 않습니다.');
    const ok = await json<LiveAuthResponse>(await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=1234&viewerId=x&option=1&aspCode=web`));
    expect(ok.result).toBe('ok');
    expect(await playbackTokenValid(env.JWT_SECRET, channel.streamId, tokenOf(ok.playback.url))).toBe(true);
  });

  it('allows at most 10 wrong tries per channel and device in 10 minutes, counted in D1', async () => {
    const channel = await liveChannel({ password: '1234' });
    const browser = guest();
    for (let i = 0; i < 10; i++) expect((await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=wrong${i}`)).status).toBe(403);
    await expectRefused(await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=1234`), 429, '비밀번호를 너무 많이 틀렸습니다. 10분 후 다시 시도해 주세요.');
    // Another device is not locked out; the window passing lifts the lock.
    expect((await guest().fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=1234`)).status).toBe(200);
    await env.DB.prepare('UPDATE live_auth_attempts SET last_at = last_at - 600000 WHERE channel_id = ?').bind(channel.id).run();
    expect((await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=1234`)).status).toBe(200);
    // The device's count is gone; its address's and the channel's (tests/worker/security-gates.test.ts) started again and got the right try's slot back.
    const counts = await env.DB.prepare('SELECT device_id AS key, attempts FROM live_auth_attempts WHERE channel_id = ? ORDER BY device_id').bind(channel.id).all();
    expect(counts.results).toEqual([
      { key: 'channel', attempts: 0 },
      { key: 'client:unverified', attempts: 0 },
    ]);
  });

  it("the site's POST takes the password in the body, with the same answers and the same count of tries", async () => {
    const channel = await liveChannel({ password: '1234' });
    const browser = guest();
    await expectRefused(await browser.json('/api/guest/live-Auth', { channelId: channel.id, password: '0000' }), 403, '비밀번호가 올바르지 않습니다.');
    // The GET's tries and the POST's are one count: 1 by POST, 9 by GET, then the POST is locked out too.
    for (let i = 0; i < 9; i++) expect((await browser.fetch(`/api/guest/live-Auth?channelId=${channel.id}&password=wrong${i}`)).status).toBe(403);
    await expectRefused(await browser.json('/api/guest/live-Auth', { channelId: channel.id, password: '1234' }), 429, '비밀번호를 너무 많이 틀렸습니다. 10분 후 다시 시도해 주세요.');
    const other = guest();
    const ok = await json<LiveAuthResponse>(await other.json('/api/guest/live-Auth', { channelId: channel.id, password: '1234', viewerId: 'x' }));
    expect(await playbackTokenValid(env.JWT_SECRET, channel.streamId, tokenOf(ok.playback.url))).toBe(true);
    for (const body of [{}, { channelId: channel.id }, { channelId: channel.id, password: '' }, { channelId: channel.id, password: 'x'.repeat(65) }]) {
      await expectRefused(await other.json('/api/guest/live-Auth', body), 400);
    }
    // Like every POST, it needs the XSRF header.
    expect((await guest().json('/api/guest/live-Auth', { channelId: channel.id, password: '1234' }, 'POST', { xsrf: false })).status).toBe(403);
  });

  it('refuses offline channels, channels without a password, minors on adult lives and bad input', async () => {
    const offline = await insertChannel({ password: '1234' });
    const open = await liveChannel();
    const adult = await liveChannel({ adult: true, password: '1234' });
    await expectRefused(await guest().fetch(`/api/guest/live-Auth?channelId=${offline.id}&password=1234`), 404, '지금은 방송 중이 아닙니다.');
    await expectRefused(await guest().fetch(`/api/guest/live-Auth?channelId=${open.id}&password=1234`), 400, '비밀번호가 설정되지 않은 방송입니다.');
    await expectRefused(await guest().fetch('/api/guest/live-Auth?channelId=999999&password=1234'), 404);
    await expectRefused(await guest().fetch(`/api/guest/live-Auth?channelId=${adult.id}&password=1234`), 403, '이 방송은 본인인증 후 시청할 수 있습니다.');
    await expectRefused(await (await signedIn('minor')).browser.fetch(`/api/guest/live-Auth?channelId=${adult.id}&password=1234`), 403, '성인만 시청할 수 있는 방송입니다.');
    expect((await (await signedIn('adult')).browser.fetch(`/api/guest/live-Auth?channelId=${adult.id}&password=1234`)).status).toBe(200);
    for (const q of ['', `channelId=${open.id}`, 'channelId=x&password=1', `channelId=${open.id}&password=`, `channelId=${open.id}&password=${'x'.repeat(65)}`]) {
      await expectRefused(await guest().fetch(`/api/guest/live-Auth?${q}`), 400);
    }
  });
});

describe("the channel page's chatAccess", () => {
  it('says what the room answers while nothing is on air, so the page asks no ticket it would be refused', async () => {
    const adult = await insertChannel({ adult: true });
    const plain = await insertChannel();
    const chatAccess = async (browser: Browser, channelId: number) => (await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${channelId}/channel-page`))).channel.chatAccess;
    expect(await chatAccess(guest(), adult.id)).toBe('identity');
    expect(await chatAccess((await signedIn('minor')).browser, adult.id)).toBe('adult');
    expect(await chatAccess((await signedIn('adult')).browser, adult.id)).toBe('ok');
    expect(await chatAccess(guest(), plain.id)).toBe('ok');
    // The room agrees: a guest's ticket for the adult channel is refused with the same reason.
    const refused = await guest().json('/api/guest/chat-ticket', { room: String(adult.id) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('IDENTITY_REQUIRED');
  });
});

describe('GET /api/channels/{id}/live-time and channel-find', () => {
  it('computes KST periods', () => {
    const now = Date.parse('2026-03-04T15:30:00Z'); // Thursday 2026-03-05 00:30 in Seoul
    expect(new Date(kstPeriodStart('today', now)).toISOString()).toBe('2026-03-04T15:00:00.000Z');
    expect(new Date(kstPeriodStart('week', now)).toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(new Date(kstPeriodStart('month', now)).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(new Date(kstPeriodStart('today', Date.parse('2026-03-04T14:59:59Z'))).toISOString()).toBe('2026-03-03T15:00:00.000Z');
  });

  it('sums broadcast time inside the period and reports the current live', async () => {
    const now = Date.parse('2026-03-04T15:30:00Z');
    const channel = await insertChannel();
    await insertStream(channel.id, { kind: 2, startedAt: Date.parse('2026-03-04T14:00:00Z'), endedAt: Date.parse('2026-03-04T15:10:00Z') }); // 10 min today
    await insertStream(channel.id, { kind: 2, startedAt: Date.parse('2026-02-27T10:00:00Z'), endedAt: Date.parse('2026-02-27T11:00:00Z') }); // last month
    await insertStream(channel.id, { kind: 1, startedAt: Date.parse('2026-03-04T15:20:00Z'), endedAt: null }); // live 10 min
    expect(await liveTime(env.DB, channel.id, 'today', now)).toMatchObject({ live: true, seconds: 1200 });
    expect(await liveTime(env.DB, channel.id, 'week', now)).toMatchObject({ seconds: 70 * 60 + 600 });
    expect(await liveTime(env.DB, channel.id, 'current', now)).toEqual({ channelId: channel.id, option: 'current', live: true, startedAt: Date.parse('2026-03-04T15:20:00Z'), seconds: 600 });
  });

  it('answers over HTTP with the default option and refuses bad input', async () => {
    const channel = await liveChannel({}, { startedAt: Date.now() - 90_000 });
    const body = await json<LiveTimeResponse>(await get(`/api/channels/${channel.id}/live-time`));
    expect(body).toMatchObject({ option: 'current', live: true });
    expect(body.seconds).toBeGreaterThanOrEqual(90);
    expect((await json<LiveTimeResponse>(await get(`/api/channels/${channel.id}/live-time?option=month`))).seconds).toBeGreaterThanOrEqual(0);
    await expectRefused(await get(`/api/channels/${channel.id}/live-time?option=year`), 400);
    await expectRefused(await get('/api/channels/999999/live-time'), 404);
  });

  it('finds a channel by its creator login ID', async () => {
    const channel = await insertChannel();
    expect(await json(await get(`/api/channels/channel-find?loginId=${channel.ownerLoginId}`))).toMatchObject({ channelId: channel.id, loginId: channel.ownerLoginId });
    await expectRefused(await get('/api/channels/channel-find?loginId=nobody12345'), 404, '채널을 찾을 수 없습니다.');
    await expectRefused(await get('/api/channels/channel-find'), 400);
    await expectRefused(await get(`/api/channels/channel-find?loginId=${'a'.repeat(101)}`), 400);
  });
});
