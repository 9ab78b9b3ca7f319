// A live's seats (docs/product/money.md, "Items"; full-room passes 420-422): a channel may limit how many watch its live at once.
// Once the live's viewer count reaches the limit, only its creator and holders of an active pass get a
// seat (a signed playback URL); the others see 'full', the password form refuses them, and /live refuses a
// player without a token. The limit is the creator's setting in the studio; the chat room stays open.
import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse, OwnChannelSettings, StreamDetail } from '../../src/shared/streams-api';
import { playbackTokenValid } from '../../src/lib/playback-token';
import { Browser, get } from './helpers';
import { clearWatchTables, expectRefused, insertStream, json, liveChannel, signedIn } from './watch-fixtures';

beforeEach(async () => {
  await clearWatchTables();
  await env.DB.prepare('DELETE FROM room_passes').run();
});

const ORIGIN = 'http://localhost:8787';
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token');
const setSeats = (channelId: number, seats: number | null) => env.DB.prepare('UPDATE channels SET max_viewers = ? WHERE id = ?').bind(seats, channelId).run();
const givePass = (memberId: number, untilMs: number) =>
  env.DB.prepare('INSERT INTO room_passes (member_id, expires_at) VALUES (?1, ?2) ON CONFLICT (member_id) DO UPDATE SET expires_at = ?2')
    .bind(memberId, Math.floor(untilMs / 1000))
    .run();
const liveOf = async (browser: Browser, channelId: number) => (await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${channelId}/channel-page`))).live!;

describe('a live with seats', () => {
  it('seats everyone with a signed URL until full; then only the creator and pass holders, and /live wants the token', async () => {
    const channel = await liveChannel({}, { viewers: 2 });
    await setSeats(channel.id, 3);
    const guest = new Browser();
    const seated = await liveOf(guest, channel.id);
    expect(seated).toMatchObject({ access: 'ok', playback: { expiresAt: expect.any(Number) } });
    expect(await playbackTokenValid(env.JWT_SECRET, channel.streamId, tokenOf(seated.playback!.url))).toBe(true);
    // The token is the seat: the playlist refuses a player without one.
    expect((await SELF.fetch(`${ORIGIN}/live/${channel.id}/${channel.streamId}/index.m3u8`)).status).toBe(403);

    await setSeats(channel.id, 2);
    expect(await liveOf(guest, channel.id)).toMatchObject({ access: 'full', playback: null });
    const member = await signedIn();
    expect(await liveOf(member.browser, channel.id)).toMatchObject({ access: 'full', playback: null });
    // An expired pass is no pass; an active one is a seat.
    await givePass(member.id, Date.now() - 1_000);
    expect((await liveOf(member.browser, channel.id)).access).toBe('full');
    await givePass(member.id, Date.now() + 86_400_000);
    const withPass = await liveOf(member.browser, channel.id);
    expect(withPass.access).toBe('ok');
    expect(await playbackTokenValid(env.JWT_SECRET, channel.streamId, tokenOf(withPass.playback!.url))).toBe(true);
    // The same answer for the stream by id.
    expect(await json<StreamDetail>(await guest.fetch(`/api/streams/${channel.streamId}`))).toMatchObject({ access: 'full', playback: null });
  });

  it('always seats the creator; a recording of the channel plays for all without a token', async () => {
    const owner = await signedIn('minor');
    const channel = await liveChannel({ ownerId: owner.id }, { viewers: 50 });
    await setSeats(channel.id, 1);
    expect((await liveOf(owner.browser, channel.id)).access).toBe('ok');
    const recording = await insertStream(channel.id, { kind: 2 });
    expect(await json<StreamDetail>(await new Browser().fetch(`/api/streams/${recording}`))).toMatchObject({ access: 'ok', playback: { expiresAt: null } });
  });

  it('keeps the other rules first (adult), asks a password only while there is a seat, and refuses the password form when full', async () => {
    const adult = await liveChannel({ adult: true }, { viewers: 5 });
    await setSeats(adult.id, 1);
    expect((await liveOf(new Browser(), adult.id)).access).toBe('identity');

    const locked = await liveChannel({ password: '1234' }, { viewers: 0 });
    await setSeats(locked.id, 1);
    const guest = new Browser();
    expect((await liveOf(guest, locked.id)).access).toBe('password');
    await env.DB.prepare('UPDATE streams SET viewer_count = 1 WHERE id = ?').bind(locked.streamId).run();
    expect((await liveOf(guest, locked.id)).access).toBe('full');
    await expectRefused(await guest.fetch(`/api/guest/live-Auth?channelId=${locked.id}&password=1234`), 403, '이 방송은 만석입니다. 만석 입장권이 있으면 들어갈 수 있습니다.');
  });

  it('is never kept by the page cache for other guests (a signed URL is one viewer’s)', async () => {
    const channel = await liveChannel({}, { viewers: 0 });
    const page = (path: string) => get(path, { headers: { 'x-page-props': '1' } });
    const path = `/channel/${channel.ownerLoginId}`;
    // Without seats the guest page is kept (the control); with seats every guest's page is built for them.
    expect((await page(path)).headers.get('x-edge-cache')).toBe('MISS');
    expect((await page(path)).headers.get('x-edge-cache')).toBe('HIT');
    const other = await liveChannel({}, { viewers: 0 });
    await setSeats(other.id, 10);
    const otherPath = `/channel/${other.ownerLoginId}`;
    for (let i = 0; i < 2; i++) {
      const res = await page(otherPath);
      expect(res.headers.get('x-edge-cache')).toBe('MISS');
      const props = (await res.json()) as { data: { channelPage: ChannelPageResponse } };
      expect(tokenOf(props.data.channelPage.live!.playback!.url)).toMatch(/^\d{13}\./);
    }
  });
});

describe('the studio setting', () => {
  it('saves, keeps, lifts and refuses the seats in the creator’s language', async () => {
    const owner = await signedIn();
    const channel = await liveChannel({ ownerId: owner.id });
    const base = { title: '좌석 있는 방송', description: '', themeCode: null, adult: false };
    const save = (extra: Record<string, unknown>) => owner.browser.json('/api/my/channel/settings', { ...base, ...extra }, 'PUT');
    expect(await json<OwnChannelSettings>(await save({ maxViewers: 5 }))).toMatchObject({ maxViewers: 5 });
    expect(await json<OwnChannelSettings>(await save({}))).toMatchObject({ maxViewers: 5 });
    expect(await json<OwnChannelSettings>(await owner.browser.fetch('/api/my/channel/settings'))).toMatchObject({ maxViewers: 5 });
    for (const bad of [0, -1, 1.5, 100_001, '10']) await expectRefused(await save({ maxViewers: bad }), 400);
    expect(await env.DB.prepare('SELECT max_viewers AS n FROM channels WHERE id = ?').bind(channel.id).first('n')).toBe(5);
    expect(await json<OwnChannelSettings>(await save({ maxViewers: null }))).toMatchObject({ maxViewers: null });
    expect(await env.DB.prepare('SELECT max_viewers AS n FROM channels WHERE id = ?').bind(channel.id).first('n')).toBeNull();
  });
});
