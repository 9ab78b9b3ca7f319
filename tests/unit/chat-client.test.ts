import { describe, expect, it } from 'vitest';
import { CHAT_RECONNECT, parseServerFrames, type MessageFrame, type ServerFrame } from '../../src/shared/chat-protocol';
import { chatUrlProvider, type TicketResult } from '../../client/realtime/ticket-retry';
import { applyFrames, CHAT_VISIBLE_LINES, initialChatState } from '../../client/realtime/chat-state';
import { rejoining, rejoinWaitSeconds } from '../../client/realtime/chat-state';
import { settingsNeedReload, shownAccess } from '../../client/components/watch/live-access';
import channeling from '../../kv-seed/channeling.json';

const url = (room: string, ticket: string | null) => `ws://flex.localhost/chat/${room}${ticket ? `?ticket=${ticket}` : ''}`;

function provider(answers: TicketResult[]) {
  const waits: number[] = [];
  const refusals: string[] = [];
  let calls = 0;
  let expired = 0;
  const next = chatUrlProvider({
    room: '1',
    socketUrl: url,
    signal: new AbortController().signal,
    fetchTicket: async () => answers[Math.min(calls++, answers.length - 1)]!,
    wait: async (ms) => void waits.push(ms),
    onExpired: () => {
      expired += 1;
    },
    onRefused: (reason) => void refusals.push(reason),
  });
  return { next, waits, refusals, calls: () => calls, expired: () => expired };
}

const refused: TicketResult = { ok: false, unauthorized: true };

describe('chat socket URL provider (Unauthorized tickets)', () => {
  it('fetches a fresh ticket before every connect, for guests and members alike', async () => {
    const p = provider([
      { ok: true, ticket: 'a' },
      { ok: true, ticket: 'b' },
    ]);
    expect(await p.next()).toBe('ws://flex.localhost/chat/1?ticket=a');
    expect(await p.next()).toBe('ws://flex.localhost/chat/1?ticket=b');
  });

  it('retries a refused ticket after 3 s and carries on when one is granted', async () => {
    const p = provider([refused, refused, { ok: true, ticket: 'ok' }]);
    expect(await p.next()).toBe('ws://flex.localhost/chat/1?ticket=ok');
    expect(p.waits).toEqual([CHAT_RECONNECT.authRetryMs, CHAT_RECONNECT.authRetryMs]);
    expect(p.expired()).toBe(0);
  });

  it('gives up after more than 10 retries: the session-expired signal, once', async () => {
    const p = provider([refused]);
    await expect(p.next()).rejects.toThrow('Unauthorized');
    expect(p.calls()).toBe(CHAT_RECONNECT.maxAuthRetries + 1); // the first try and 10 retries
    expect(p.waits).toHaveLength(CHAT_RECONNECT.maxAuthRetries);
    expect(p.expired()).toBe(1);
  });

  it('stops at once when the room refuses this viewer: the reason once, no retry, not the session-expired path', async () => {
    const p = provider([
      { ok: false, refused: 'password' },
      { ok: true, ticket: 'never' },
    ]);
    await expect(p.next()).rejects.toThrow('Refused');
    expect(p.refusals).toEqual(['password']);
    expect(p.calls()).toBe(1);
    expect(p.waits).toEqual([]);
    expect(p.expired()).toBe(0);
  });

  it('leaves other failures to the socket’s backoff without counting them as Unauthorized', async () => {
    const p = provider([{ ok: false, unauthorized: false }]);
    for (let i = 0; i < 15; i++) await expect(p.next()).rejects.toThrow('ticket unavailable');
    expect(p.waits).toEqual([]);
    expect(p.expired()).toBe(0);
  });
});

const user = { loginId: 'demo_viewer', nickname: '데모시청자', role: 'V', badge: null } as const;
const message = (id: number): MessageFrame => ({ type: 'message', id, at: id, from: user, text: `m${id}` });

describe('server frames as the browser reads them', () => {
  const viewer = { loginId: 'viewer1', nickname: '시청자', role: 'P', badge: null };
  const said = { type: 'message', id: 7, at: 1, from: viewer, text: '안녕' };
  const joined = { type: 'connection', status: 'joined', room: '12', me: null, frozen: false, viewers: 3, history: [said] };
  const event = { type: 'event', at: 2, kind: 'gift', from: { loginId: 'fan1', nickname: '팬' }, itemCode: 1, amount: 100 };

  it('keeps each well-formed frame of a delivery, by its type, in order', () => {
    expect(parseServerFrames([joined, said, event].map((f) => JSON.stringify(f)).join('\n'))).toEqual([joined, said, event]);
  });

  it('skips what is not a frame of its type: unknown or inherited types, wrong fields, no object, not JSON', () => {
    const raw = [
      JSON.stringify({ ...said, id: 'seven' }),
      JSON.stringify({ ...joined, viewers: -1 }),
      JSON.stringify({ ...event, amount: 0 }),
      JSON.stringify({ ...said, type: 'gossip' }),
      JSON.stringify({ ...said, type: 'constructor' }),
      JSON.stringify({ ...said, type: 'toString' }),
      'null',
      '42',
      '{not json',
      JSON.stringify(said),
    ].join('\n');
    expect(parseServerFrames(raw)).toEqual([said]);
  });
});

describe('chat state', () => {
  it('keeps only the newest lines', () => {
    const frames = Array.from({ length: CHAT_VISIBLE_LINES + 50 }, (_, i) => message(i + 1));
    const { state } = applyFrames(initialChatState, frames);
    expect(state.lines).toHaveLength(CHAT_VISIBLE_LINES);
    expect(state.lines[0]!.key).toBe('m51');
  });

  it('drops a message a moderator deleted, and shows the notice of it', () => {
    let { state } = applyFrames(initialChatState, [message(1), message(2), message(3)]);
    const deleted: ServerFrame = { type: 'action', action: 'delete_message', at: 9, by: { ...user, badge: 'manager' }, target: { loginId: 'a_b', nickname: 'x' }, seconds: null, messageId: 2 };
    ({ state } = applyFrames(state, [deleted]));
    expect(state.lines.map((l) => (l.frame.type === 'message' ? l.key : l.frame.type))).toEqual(['m1', 'm3', 'action']);
  });

  it('merges the history of a rejoin without repeating messages', () => {
    let { state } = applyFrames(initialChatState, [message(1), message(2)]);
    const joined: ServerFrame = { type: 'connection', status: 'joined', room: '1', me: user, frozen: true, viewers: 3, history: [message(1), message(2), message(3)] };
    ({ state } = applyFrames(state, [joined]));
    expect(state.lines.map((l) => l.key)).toEqual(['m1', 'm2', 'm3']);
    expect(state).toMatchObject({ joined: true, status: 'open', frozen: true, viewers: 3 });
  });

  it('shows a message once when it comes again after a join whose history brought it', () => {
    const joined: ServerFrame = { type: 'connection', status: 'joined', room: '1', me: user, frozen: false, viewers: 1, history: [message(1), message(2)] };
    let { state } = applyFrames(initialChatState, [joined]);
    ({ state } = applyFrames(state, [message(2), message(3)]));
    expect(state.lines.map((l) => l.key)).toEqual(['m1', 'm2', 'm3']);
  });

  it('signals live status and settings changes, pins announcements and starts gift effects', () => {
    const { state, signals } = applyFrames(initialChatState, [
      { type: 'event', at: 1, kind: 'channel_status', status: 'live', streamId: 9 },
      { type: 'event', at: 2, kind: 'CHANNELING_SETTING_UPDATE' },
      { type: 'event', at: 3, kind: 'announcement', text: '공지', by: { ...user, badge: 'creator' } },
      { type: 'event', at: 4, kind: 'gift', from: { loginId: 'a_b', nickname: '선물러' }, itemCode: 100, amount: 5 },
    ]);
    expect(signals).toMatchObject({ channelStatus: true, settingsChanged: true });
    expect(signals.newEffects).toHaveLength(1);
    expect(state.pinned?.text).toBe('공지');
    expect(state.effects).toHaveLength(1);
    expect(state.lines).toHaveLength(3); // the settings update is not a line
  });
});

describe('a kicked member coming back (Twitch-like); a banned one does not', () => {
  const joinedAs = (me: typeof user): ServerFrame => ({ type: 'connection', status: 'joined', room: '1', me, frozen: false, viewers: 2, history: [] });
  const kick = (loginId: string, seconds: number | null, reason: 'kick' | 'blacklist' = 'kick'): ServerFrame => ({
    type: 'event',
    at: 5,
    kind: 'kick',
    target: { loginId, nickname: 'x' },
    reason,
    seconds,
  });

  it('a kick of me starts the cooldown from when this browser heard it; a kick of someone else or a ban does not', () => {
    const { state: open } = applyFrames(initialChatState, [joinedAs(user), message(1)]);
    expect(applyFrames(open, [kick('someone_else', 60)], 1_000).state.rejoinAt).toBeNull();
    expect(applyFrames(open, [kick(user.loginId, null, 'blacklist')], 1_000).state.rejoinAt).toBeNull();
    const { state: kicked } = applyFrames(open, [kick(user.loginId.toUpperCase(), 60), { type: 'connection', status: 'error', code: 'KICKED' }], 1_000);
    expect(kicked.rejoinAt).toBe(61_000);
    expect(kicked.error?.code).toBe('KICKED');
    expect(rejoinWaitSeconds(kicked, 1_000)).toBe(60);
    expect(rejoinWaitSeconds(kicked, 60_001)).toBe(1);
    expect(rejoinWaitSeconds(kicked, 61_000)).toBe(0);
    // "0 = at once".
    const { state: atOnce } = applyFrames(open, [kick(user.loginId, 0)], 1_000);
    expect(rejoinWaitSeconds(atOnce, 1_000)).toBe(0);
  });

  it('rejoining keeps the lines and reconnects; a refused rejoin takes the room’s time; joining again clears it', () => {
    const { state: open } = applyFrames(initialChatState, [joinedAs(user), message(1), message(2), kick(user.loginId, 60)], 1_000);
    const kicked = { ...open, status: 'kicked' as const, joined: false };
    const again = rejoining(kicked);
    expect(again).toMatchObject({ status: 'connecting', joined: false, error: null });
    expect(again.lines.map((l) => l.key)).toEqual(['m1', 'm2']);
    const { state: refusedAgain } = applyFrames(again, [{ type: 'connection', status: 'error', code: 'KICKED', until: 90_000 }], 2_000);
    expect(refusedAgain.rejoinAt).toBe(90_000);
    const { state: back } = applyFrames(rejoining(refusedAgain), [{ ...joinedAs(user), history: [message(2), message(3)] } as ServerFrame], 91_000);
    expect(back).toMatchObject({ status: 'open', joined: true, rejoinAt: null });
    expect(back.lines.map((l) => l.key)).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('channel settings under an open channel page', () => {
  const live = { access: 'ok', adult: false, adultPlus: false, kind: 1, endedAt: null } as const;
  const adultLive = { ...live, adult: true, access: 'identity' } as const;
  const adultPlusLive = { ...adultLive, adultPlus: true } as const;
  const settings = { ...channeling };

  it('broadcasting off hides any live at once; adult broadcasting off hides adult streams; the creator still sees theirs', () => {
    expect(shownAccess(live, settings, false)).toBe('ok');
    expect(shownAccess(live, { ...settings, broadcasting: false }, false)).toBe('unavailable');
    expect(shownAccess({ ...live, access: 'password' }, { ...settings, broadcasting: false }, false)).toBe('unavailable');
    expect(shownAccess(live, { ...settings, broadcasting: false }, true)).toBe('ok');
    expect(shownAccess({ ...live, kind: 2, endedAt: 10 }, { ...settings, broadcasting: false }, false)).toBe('ok'); // a recording is not on air
    expect(shownAccess(adultLive, settings, false)).toBe('identity');
    expect(shownAccess(adultLive, { ...settings, adultBroadcast: false }, false)).toBe('unavailable');
    expect(shownAccess(live, { ...settings, adultBroadcast: false }, false)).toBe('ok');
    expect(shownAccess(live, null, false)).toBe('ok'); // no settings: the server's word
  });

  it('adult-plus broadcasting off hides adult-plus streams, live or recorded, and only them; adult broadcasting off hides them too', () => {
    const on = { ...settings, adultBroadcast: true, adultPlusBroadcast: true };
    expect(shownAccess(adultPlusLive, on, false)).toBe('identity');
    expect(shownAccess(adultPlusLive, { ...on, adultPlusBroadcast: false }, false)).toBe('unavailable');
    expect(shownAccess({ ...adultPlusLive, kind: 2, endedAt: 10 }, { ...on, adultPlusBroadcast: false }, false)).toBe('unavailable');
    expect(shownAccess(adultPlusLive, { ...on, adultPlusBroadcast: false }, true)).toBe('identity'); // the creator's own
    expect(shownAccess(adultLive, { ...on, adultPlusBroadcast: false }, false)).toBe('identity');
    expect(shownAccess(adultPlusLive, { ...on, adultBroadcast: false }, false)).toBe('unavailable');
  });

  it('switching back on is the server’s to decide: the page reloads its data when a playback switch changed, not otherwise', () => {
    expect(settingsNeedReload(settings, { ...settings, broadcasting: false })).toBe(true);
    expect(settingsNeedReload({ ...settings, broadcasting: false }, settings)).toBe(true);
    expect(settingsNeedReload(settings, { ...settings, adultBroadcast: false })).toBe(true);
    expect(settingsNeedReload(settings, { ...settings, adultPlusBroadcast: true })).toBe(true);
    expect(settingsNeedReload(settings, { ...settings })).toBe(false);
    expect(settingsNeedReload(settings, { ...settings, isSnsLoginKakao: false, bank_code: '088' })).toBe(false);
    expect(settingsNeedReload(null, settings)).toBe(false); // the first settings the page gets
  });
});
