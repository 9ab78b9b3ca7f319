// Who may see a gated live or recording (adult-only or password-protected), in any form: its picture, its
// recording, and how many passwords a caller may try. Each test records its row of the security table.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { LIVE_AUTH_MAX_CHANNEL_TRIES, LIVE_AUTH_MAX_CLIENT_TRIES } from '../../src/api/services/channels';
import { clientLimitKey } from '../../src/lib/client-address';
import { playbackTokenValid } from '../../src/lib/playback-token';
import type { ChannelPageResponse, LiveAuthResponse, StreamDetail, ViewMainResponse } from '../../src/shared/streams-api';
import { Browser, get, productionEnv } from './helpers';
import { securityRow } from './security-table';
import { clearWatchTables, expectRefused, insertChannel, insertStream, json, liveChannel, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

/** A live with a picture in R2, as the encoder's thumb.jpg leaves it. */
async function liveWithPicture(c: Parameters<typeof liveChannel>[0] = {}) {
  const channel = await liveChannel({ ...c, thumbnailAt: Date.now() });
  await env.MEDIA.put(`live/${channel.id}/thumb.jpg`, JPEG, { httpMetadata: { contentType: 'image/jpeg' } });
  return channel;
}

const pictureOf = (browser: Browser, channelId: number, query = '') => browser.fetch(`/live/${channelId}/thumb.jpg${query}`);

describe('gated pictures', () => {
  it('a guest or a minor gets neither the picture of an adult or password live nor its URL on a card; a viewer who may watch gets both', async (context) => {
    const adult = await liveWithPicture({ adult: true });
    const locked = await liveWithPicture({ password: '1234' });
    const open = await liveWithPicture();
    const guest = new Browser();
    const minor = (await signedIn('minor')).browser;
    const grown = (await signedIn('adult')).browser;
    const leaks: string[] = [];

    // The picture itself, asked for directly (a script polling it), without a token and with a made-up one.
    for (const [who, browser] of [
      ['guest', guest],
      ['minor', minor],
      ['adult member', grown],
    ] as const) {
      for (const [what, channel] of [
        ['adult', adult],
        ['password', locked],
      ] as const) {
        for (const query of ['', '?token=1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
          const res = await pictureOf(browser, channel.id, query);
          await res.body?.cancel();
          if (res.status !== 403) leaks.push(`${who} ${what} thumb.jpg${query ? ' (forged token)' : ''} ${res.status}`);
        }
      }
    }
    // The cards: the home page's data and the page a guest is served (from the edge cache).
    const cards = (await json<ViewMainResponse>(await guest.fetch('/api/my/view-main?device=PC'))).lives;
    for (const card of cards) if (card.channelId !== open.id && card.thumbnailUrl !== null) leaks.push(`card of ${card.channelId}: ${card.thumbnailUrl}`);
    const html = await (await guest.open('/')).text();
    expect(html).toContain(`/live/${open.id}/thumb.jpg`); // the page does show lives' pictures
    for (const channel of [adult, locked]) if (html.includes(`/live/${channel.id}/thumb.jpg`)) leaks.push(`home page names the picture of ${channel.id}`);
    // The channel page as a guest and a minor: no picture of the gated live, nor of the channel.
    for (const [who, browser] of [
      ['guest', guest],
      ['minor', minor],
    ] as const) {
      const page = await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${adult.id}/channel-page`));
      if (page.live?.thumbnailUrl || page.channel.thumbnailUrl) leaks.push(`${who} channel page of the adult live names its picture`);
    }

    securityRow(context, {
      area: 'gates',
      tried: "a guest, a minor and an adult without a token asking for an adult and a password live's thumb.jpg (12 calls); their home cards, the guest home page and channel pages",
      letThrough: leaks.length === 0 ? 0 : leaks.join('; '),
      pass: leaks.length === 0,
    });
    expect(leaks).toEqual([]);

    // The open live's picture is anyone's, from any cache; the card names it.
    const plain = await pictureOf(guest, open.id);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=10');
    expect(cards.find((c) => c.channelId === open.id)?.thumbnailUrl).toBe(
      `/live/${open.id}/thumb.jpg?v=${(await env.DB.prepare('SELECT thumbnail_at AS t FROM channels WHERE id = ?').bind(open.id).first<{ t: number }>())!.t}`,
    );
    // A verified adult may watch the adult live: the channel page's live carries a picture URL signed for it.
    const page = await json<ChannelPageResponse>(await grown.fetch(`/api/channels/${adult.id}/channel-page`));
    expect(page.live?.access).toBe('ok');
    const signed = await pictureOf(grown, adult.id, page.live!.thumbnailUrl!.slice(`/live/${adult.id}/thumb.jpg`.length));
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('private, max-age=10');
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(JPEG);
  });

  it("the picture stays gated once the live ends: it is the recording's", async () => {
    const adult = await liveWithPicture({ adult: true });
    await env.DB.prepare('UPDATE streams SET kind = 2, ended_at = ? WHERE id = ?').bind(Date.now(), adult.streamId).run();
    await env.DB.prepare('UPDATE channels SET adult = 0 WHERE id = ?').bind(adult.id).run();
    const res = await pictureOf(new Browser(), adult.id);
    expect(res.status).toBe(403);
    const page = await json<ChannelPageResponse>(await new Browser().fetch(`/api/channels/${adult.id}/channel-page`));
    expect(page.channel.thumbnailUrl).toBeNull();
    expect(page.recorded[0]).toMatchObject({ adult: true, thumbnailUrl: null });
  });
});

/** A live that ended: the LiveChannel object turns it into a recording (kind 2) with its flags as they were. */
async function endLive(streamId: number): Promise<void> {
  await env.DB.prepare('UPDATE streams SET kind = 2, ended_at = ? WHERE id = ?').bind(Date.now(), streamId).run();
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token');

describe('recordings of gated lives', () => {
  it("a password live's recording asks for the same password; nobody gets a signed URL without it", async (context) => {
    const locked = await liveChannel({ password: '1234' });
    await endLive(locked.streamId);
    const adult = await liveChannel({ adult: true, password: '1234' });
    await endLive(adult.streamId);
    const guest = new Browser();
    const leaks: string[] = [];
    for (const [what, channel] of [
      ['password', locked],
      ['adult password', adult],
    ] as const) {
      const detail = await json<StreamDetail>(await guest.fetch(`/api/streams/${channel.streamId}`));
      if (detail.access === 'ok' || detail.playback) leaks.push(`${what} recording: access ${detail.access}, playback ${detail.playback?.url}`);
      const vod = await (await guest.open(`/vod/${channel.streamId}`)).text();
      if (vod.includes(`/live/${channel.id}/${channel.streamId}/index.m3u8`)) leaks.push(`${what} recording: /vod page names its playlist`);
      const playlist = await guest.fetch(`/live/${channel.id}/${channel.streamId}/index.m3u8`);
      await playlist.body?.cancel();
      if (playlist.status !== 403) leaks.push(`${what} recording playlist ${playlist.status}`);
    }
    const minor = (await signedIn('minor')).browser;
    const minorDetail = await json<StreamDetail>(await minor.fetch(`/api/streams/${adult.streamId}`));
    if (minorDetail.access !== 'adult') leaks.push(`minor on the adult recording: ${minorDetail.access}`);
    securityRow(context, {
      area: 'gates',
      tried: 'a guest asking for the recordings of a password live and of an adult password live (/api/streams/<id>, the /vod page, the playlist), a minor for the adult one',
      letThrough: leaks.length === 0 ? 0 : leaks.join('; '),
      pass: leaks.length === 0,
    });
    expect(leaks).toEqual([]);

    // The password opens the recording (live-Auth with its streamId): a URL signed for it.
    await expectRefused(await guest.fetch(`/api/guest/live-Auth?channelId=${locked.id}&streamId=${locked.streamId}&password=0000`), 403, '비밀번호가 올바르지 않습니다.');
    const ok = await json<LiveAuthResponse>(await guest.fetch(`/api/guest/live-Auth?channelId=${locked.id}&streamId=${locked.streamId}&password=1234`));
    expect(await playbackTokenValid(env.JWT_SECRET, locked.streamId, tokenOf(ok.playback.url))).toBe(true);
    const played = await guest.fetch(ok.playback.url);
    expect(played.status).toBe(200);
    await played.body?.cancel();
    // A recording of another channel, or one without a password, is refused.
    const other = await insertChannel({ password: '1234' });
    await expectRefused(await guest.fetch(`/api/guest/live-Auth?channelId=${other.id}&streamId=${locked.streamId}&password=1234`), 404, '방송을 찾을 수 없습니다.');
    const plain = await insertStream(other.id, { kind: 2 });
    await expectRefused(await guest.fetch(`/api/guest/live-Auth?channelId=${other.id}&streamId=${plain}&password=1234`), 400, '비밀번호가 설정되지 않은 방송입니다.');
  });
});

/**
 * The cookies and XSRF token a script takes from any page before a try: live-Auth is a GET that writes (its counts), so
 * the edge wants the token; a script that drops its cookies after each try is a new device each time.
 */
async function freshClient(page: Response): Promise<Record<string, string>> {
  const jar = Object.fromEntries(page.headers.getSetCookie().map((line) => line.slice(0, line.indexOf(';')).split('=') as [string, string]));
  return {
    cookie: Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    'x-xsrf-token': jar['XSRF-TOKEN'] ?? '',
  };
}

/** A try at a live's password through the edge, as a script sends it: a new device each time. */
const scriptTry = async (channelId: number, password: string, headers: Record<string, string> = {}) =>
  get(`/api/guest/live-Auth?channelId=${channelId}&password=${password}`, { headers: { ...headers, ...(await freshClient(await get('/signin', { headers }))) } });

/** The same in production, where the client address Cloudflare saw (CF-Connecting-IP) is what counts. */
const productionTry = async (channelId: number, password: string, address: string) => {
  const headers = { 'cf-connecting-ip': address };
  const client = await freshClient(await app.request('http://flex.localhost:8787/signin', { headers }, productionEnv()));
  return app.request(`http://flex.localhost:8787/api/guest/live-Auth?channelId=${channelId}&password=${password}`, { headers: { ...headers, ...client } }, productionEnv());
};

describe('guessing a live password', () => {
  it('a script without a device cookie trying every four-digit password is stopped by its address, before any hashing', async (context) => {
    const channel = await liveChannel({ password: '7391' });
    const statuses = new Map<number, number>();
    const TRIES = 60;
    for (let i = 0; i < TRIES; i += 4) {
      const answers = await Promise.all([0, 1, 2, 3].map(async (k) => (await scriptTry(channel.id, String(i + k).padStart(4, '0'))).status));
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const checked = statuses.get(403) ?? 0;
    // Even the right password is refused now, unread, with words the viewer understands.
    const right = await scriptTry(channel.id, '7391');
    const english = await scriptTry(channel.id, '7391', { 'accept-language': 'en' });
    securityRow(context, {
      area: 'gates',
      tried: `${TRIES} live-Auth tries on one 4-digit password live without a flx_uuid cookie (each a new device): ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`,
      letThrough: `${checked} passwords checked (limit ${LIVE_AUTH_MAX_CLIENT_TRIES} per address); the right one then: ${right.status}`,
      pass: checked === LIVE_AUTH_MAX_CLIENT_TRIES && right.status === 429,
    });
    expect(checked).toBe(LIVE_AUTH_MAX_CLIENT_TRIES);
    expect(statuses.get(429)).toBe(TRIES - LIVE_AUTH_MAX_CLIENT_TRIES);
    await expectRefused(right, 429, '이 방송에 비밀번호가 너무 많이 입력되었습니다. 10분 후 다시 시도해 주세요.');
    await expectRefused(english, 429, 'Too many passwords have been tried on this broadcast. Please try again in 10 minutes.');
  }, 120_000);

  it('in production: one address is held to its own count, many addresses to the channel count, and a right password gives its slot back', async () => {
    const channel = await liveChannel({ password: '7391' });
    const seed = (key: string, attempts: number) =>
      env.DB.prepare('INSERT INTO live_auth_attempts (channel_id, device_id, attempts, last_at) VALUES (?, ?, ?, ?)').bind(channel.id, key, attempts, Date.now()).run();
    // One address with two wrong tries left on this channel.
    await seed(`client:${clientLimitKey('production', '203.0.113.7')}`, LIVE_AUTH_MAX_CLIENT_TRIES - 2);
    const one: number[] = [];
    for (let i = 0; i < 4; i += 1) one.push((await productionTry(channel.id, `00${i}0`, '203.0.113.7')).status);
    expect(one).toEqual([403, 403, 429, 429]);
    expect((await productionTry(channel.id, '7391', '203.0.113.8')).status).toBe(200);
    // A right password gave its slot back to the channel's count; now the channel has three wrong tries left, whoever sends them.
    const channelCount = async () =>
      (await env.DB.prepare("SELECT attempts FROM live_auth_attempts WHERE channel_id = ? AND device_id = 'channel'").bind(channel.id).first<{ attempts: number }>())!.attempts;
    expect(await channelCount()).toBe(2);
    await env.DB.prepare("UPDATE live_auth_attempts SET attempts = ? WHERE channel_id = ? AND device_id = 'channel'")
      .bind(LIVE_AUTH_MAX_CHANNEL_TRIES - 3, channel.id)
      .run();
    const many: number[] = [];
    for (let i = 0; i < 6; i += 1) many.push((await productionTry(channel.id, `11${i}1`, `198.51.100.${i + 1}`)).status);
    expect(many).toEqual([403, 403, 403, 429, 429, 429]);
    const refused = await productionTry(channel.id, '7391', '198.51.100.99');
    expect(refused.status).toBe(429);
    // Another channel is not held back.
    const other = await liveChannel({ password: '1111' });
    expect((await productionTry(other.id, '1111', '198.51.100.99')).status).toBe(200);
  });
});
