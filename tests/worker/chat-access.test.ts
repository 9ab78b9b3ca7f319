import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { signPlayback } from '../../src/lib/playback-token';
import type { ChatTicketResponse } from '../../src/shared/chat-ticket-api';
import type { LiveAuthResponse } from '../../src/shared/streams-api';
import { ChatClient, ORIGIN, say } from './chat-helpers';
import { Browser } from './helpers';
import { clearWatchTables, insertChannel, liveChannel, setChannelSettings, signedIn } from './watch-fixtures';

// Chat rooms follow the player's rule (accessFor): who may not watch a channel gets no ticket
// and no socket. Tickets come from the real API here (chat-helpers' ticketFor signs any claims, which
// would skip the very decision under test).

beforeEach(clearWatchTables);

/** An upgrade as a browser on the brand's host would send it (no ticket: a guest). */
function upgrade(room: number, query = '', language?: string) {
  const headers: Record<string, string> = { upgrade: 'websocket', origin: ORIGIN };
  if (language) headers['accept-language'] = language;
  return SELF.fetch(`http://flex.localhost:8787/chat/${room}${query}`, { headers });
}

async function refusal(res: Response): Promise<{ status: number; code: string; message: string; socket: boolean }> {
  const socket = res.webSocket !== null;
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return { status: res.status, code: body?.error?.code ?? '', message: body?.error?.message ?? '', socket };
}

const ticketRequest = (room: number, playback?: string) => ({ room: String(room), ...(playback ? { playback } : {}) });
const memberTicket = (browser: Browser, room: number, playback?: string) => browser.json('/api/chat/ticket', ticketRequest(room, playback));
const guestTicket = (browser: Browser, room: number, playback?: string) => browser.json('/api/guest/chat-ticket', ticketRequest(room, playback));

/** Open /chat/<room> with the ticket the API answered, join, and return the socket and its 'joined' frame. */
async function joinWith(res: Response, room: number) {
  expect(res.status).toBe(200);
  const { ticket } = (await res.json()) as ChatTicketResponse;
  const up = await upgrade(room, `?ticket=${encodeURIComponent(ticket)}`);
  expect(up.status).toBe(101);
  const client = new ChatClient(up.webSocket!);
  client.send({ type: 'join', room: String(room), streamId: null, source: 'web' });
  const joined = await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
  return { client, me: (joined as Extract<typeof joined, { status: 'joined' }>).me };
}

/** The password form's answer: the live's signed proof. */
async function passwordToken(browser: Browser, channelId: number, password: string): Promise<string> {
  const res = await browser.fetch(`/api/guest/live-Auth?channelId=${channelId}&password=${password}`);
  expect(res.status).toBe(200);
  const token = ((await res.json()) as LiveAuthResponse).playback.passwordToken;
  expect(token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
  return token!;
}

describe('adult-only channels', () => {
  it('refuse a guest before the upgrade, in the guest’s language, live or off air; a public channel still takes guests', async () => {
    const live = await liveChannel({ adult: true });
    const offAir = await insertChannel({ adult: true });
    for (const room of [live.id, offAir.id]) {
      expect(await refusal(await upgrade(room))).toEqual({
        status: 403,
        code: 'IDENTITY_REQUIRED',
        socket: false,
        message: '이 채팅은 본인인증을 마친 성인만 참여할 수 있습니다. 본인인증 후 이용해 주세요.',
      });
    }
    expect((await refusal(await upgrade(live.id, '', 'en'))).message).toBe('This chat is for identity-verified adults. Verify your identity to join.');
    // The web client learns why from the ticket call (a browser cannot read a refused upgrade).
    const guest = new Browser();
    expect(await refusal(await guestTicket(guest, live.id))).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });

    const open = await liveChannel();
    const plain = await upgrade(open.id);
    expect(plain.status).toBe(101);
    plain.webSocket!.accept();
    plain.webSocket!.close();
    const { me } = await joinWith(await guestTicket(guest, open.id), open.id);
    expect(me).toBeNull();
  });

  it('refuse a minor and an unverified member (ticket, native token and guest fallback alike); a verified adult joins and writes', async () => {
    const channel = await liveChannel({ adult: true });
    const minor = await signedIn('minor');
    expect(await refusal(await memberTicket(minor.browser, channel.id))).toMatchObject({ status: 403, code: 'ADULT_ONLY', message: '이 채팅은 성인만 참여할 수 있습니다.' });
    const access = minor.browser.jar.get('flx_oauth_access')!;
    expect(await refusal(await upgrade(channel.id, `?token=${encodeURIComponent(access)}&type=oauth`))).toMatchObject({ status: 403, code: 'ADULT_ONLY', socket: false });
    // Dropping the ticket makes them a guest, which this room refuses too.
    expect((await upgrade(channel.id)).status).toBe(403);

    const unverified = await signedIn('unverified');
    expect(await refusal(await memberTicket(unverified.browser, channel.id))).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });

    const adult = await signedIn('adult');
    const { client, me } = await joinWith(await memberTicket(adult.browser, channel.id), channel.id);
    expect(me?.loginId).toBe(adult.loginId);
    expect(await say(client, '성인 채팅')).toMatchObject({ type: 'message', text: '성인 채팅' });
    client.close();
  });

  it('keep their rule, and their room, while operators switch adult broadcasting off', async () => {
    // The switch hides the video; the room stays for those who may be there, so they hear it come back on.
    const adult = await signedIn('adult');
    const unverified = await signedIn('unverified');
    const channel = await liveChannel({ adult: true });
    await setChannelSettings({ adultBroadcast: false, broadcasting: false });
    expect((await memberTicket(adult.browser, channel.id)).status).toBe(200);
    expect(await refusal(await memberTicket(unverified.browser, channel.id))).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });
    expect(await refusal(await guestTicket(new Browser(), channel.id))).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });
  });
});

describe('password-protected lives', () => {
  it('refuse guests and members without the password’s token, and take them with a valid one', async () => {
    const channel = await liveChannel({ password: '1234' });
    const guest = new Browser();
    expect(await refusal(await guestTicket(guest, channel.id))).toMatchObject({ status: 403, code: 'PASSWORD_REQUIRED', message: '방송 비밀번호를 입력하면 채팅에 참여할 수 있습니다.' });
    expect(await refusal(await upgrade(channel.id))).toMatchObject({ status: 403, code: 'PASSWORD_REQUIRED', socket: false });
    // Not proof of the password: garbage, a token of another stream, an expired one.
    const other = await signPlayback(env.JWT_SECRET, channel.streamId + 1);
    const expired = await signPlayback(env.JWT_SECRET, channel.streamId, Date.now() - 7 * 60 * 60 * 1000);
    for (const bad of ['garbage', other.token, expired.token]) {
      expect((await guestTicket(guest, channel.id, bad)).status, bad).toBe(403);
      expect((await upgrade(channel.id, `?playback=${encodeURIComponent(bad)}`)).status, bad).toBe(403);
    }

    const token = await passwordToken(guest, channel.id, '1234');
    const { me } = await joinWith(await guestTicket(guest, channel.id, token), channel.id);
    expect(me).toBeNull();
    // Native apps and other ticketless clients pass it on the socket URL.
    const native = await upgrade(channel.id, `?playback=${encodeURIComponent(token)}`);
    expect(native.status).toBe(101);
    native.webSocket!.accept();
    native.webSocket!.close();

    const member = await signedIn('unverified');
    expect(await refusal(await memberTicket(member.browser, channel.id))).toMatchObject({ status: 403, code: 'PASSWORD_REQUIRED' });
    const { client } = await joinWith(await memberTicket(member.browser, channel.id, await passwordToken(member.browser, channel.id, '1234')), channel.id);
    expect(await say(client, '비번 통과')).toMatchObject({ type: 'message', text: '비번 통과' });
    client.close();
  });

  it('give a third-party live’s viewers a token too (their playback URL carries none of ours)', async () => {
    const channel = await liveChannel({ password: '1234', source: 'aws' }, { playbackUrl: 'https://ivs.example/live.m3u8' });
    const guest = new Browser();
    const token = await passwordToken(guest, channel.id, '1234');
    await joinWith(await guestTicket(guest, channel.id, token), channel.id);
  });

  it('guard the live only: off air the room is open; an adult password live needs both', async () => {
    const offAir = await insertChannel({ password: '1234' });
    expect((await upgrade(offAir.id)).status).toBe(101);

    const both = await liveChannel({ adult: true, password: '1234' });
    const minor = await signedIn('minor');
    // live-Auth itself refuses a minor on an adult live, so no token could help them.
    expect((await minor.browser.fetch(`/api/guest/live-Auth?channelId=${both.id}&password=1234`)).status).toBe(403);
    const adult = await signedIn('adult');
    expect(await refusal(await memberTicket(adult.browser, both.id))).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    const token = await passwordToken(adult.browser, both.id, '1234');
    expect((await memberTicket(adult.browser, both.id, token)).status).toBe(200);
    // The token proves the password, not adulthood: a guest holding it stays out.
    expect(await refusal(await guestTicket(new Browser(), both.id, token))).toMatchObject({ code: 'IDENTITY_REQUIRED' });
    expect((await upgrade(both.id, `?playback=${encodeURIComponent(token)}`)).status).toBe(403);
  });
});

describe('who always enters', () => {
  it('the creator, and staff P and O; a ting operator (S) follows the rule like anyone', async () => {
    const owner = await signedIn('unverified');
    const channel = await liveChannel({ adult: true, password: '1234', ownerId: owner.id });
    const { me } = await joinWith(await memberTicket(owner.browser, channel.id), channel.id);
    expect(me).toMatchObject({ loginId: owner.loginId, badge: 'creator' });
    for (const role of ['P', 'O', 'S'] as const) {
      const staff = await signedIn('unverified');
      await env.DB.prepare('UPDATE members SET role = ? WHERE id = ?').bind(role, staff.id).run();
      const res = await memberTicket(staff.browser, channel.id);
      if (role === 'S') {
        expect(await refusal(res), role).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });
        continue;
      }
      const { me: them } = await joinWith(res, channel.id);
      expect(them, role).toMatchObject({ loginId: staff.loginId, role });
    }
  });
});

describe('restriction changes and bad input', () => {
  it('a creator switching adult on shuts the room to guests from their next socket', async () => {
    const owner = await signedIn('unverified');
    const channel = await liveChannel({ ownerId: owner.id });
    const before = await upgrade(channel.id);
    expect(before.status).toBe(101);
    before.webSocket!.accept();
    before.webSocket!.close();
    const saved = await owner.browser.json('/api/my/channel/settings', { title: '이제 성인 방송', description: '', themeCode: null, adult: true }, 'PUT');
    expect(saved.status).toBe(200);
    expect(await refusal(await upgrade(channel.id))).toMatchObject({ status: 403, code: 'IDENTITY_REQUIRED' });
    expect((await memberTicket(owner.browser, channel.id)).status).toBe(200);
  });

  it('answers 4xx for a bad ticket request or an unknown room, never a 500, and guests never get a member’s ticket path', async () => {
    const channel = await liveChannel({ password: '1234' });
    const guest = new Browser();
    expect((await guestTicket(guest, channel.id, 'x'.repeat(257))).status).toBe(400);
    expect((await upgrade(channel.id, `?playback=${'x'.repeat(257)}`)).status).toBe(400);
    expect((await guest.json('/api/guest/chat-ticket', { room: 'abc' })).status).toBe(400);
    expect((await guest.json('/api/guest/chat-ticket', { room: String(channel.id), extra: 1 })).status).toBe(400);
    expect(await refusal(await guestTicket(guest, 999_999))).toMatchObject({ status: 404, code: 'ROOM_NOT_FOUND' });
    expect((await upgrade(999_999)).status).toBe(404);
    expect((await memberTicket(guest, channel.id)).status).toBe(401);
  });
});
