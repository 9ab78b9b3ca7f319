import { describe, expect, it } from 'vitest';
import { CHAT_RECONNECT, type MessageFrame, type ServerFrame } from '../../src/shared/chat-protocol';
import { chatUrlProvider, type TicketResult } from '../../client/realtime/ticket-retry';
import { applyFrames, CHAT_VISIBLE_LINES, initialChatState } from '../../client/realtime/chat-state';

const url = (room: string, ticket: string | null) => `ws://flex.localhost/chat/${room}${ticket ? `?ticket=${ticket}` : ''}`;

function provider(answers: TicketResult[], member = true) {
  const waits: number[] = [];
  let calls = 0;
  let expired = 0;
  const next = chatUrlProvider({
    room: '1',
    member,
    socketUrl: url,
    signal: new AbortController().signal,
    fetchTicket: async () => answers[Math.min(calls++, answers.length - 1)]!,
    wait: async (ms) => void waits.push(ms),
    onExpired: () => void (expired += 1),
  });
  return { next, waits, calls: () => calls, expired: () => expired };
}

const refused: TicketResult = { ok: false, unauthorized: true };

describe('chat socket URL provider (SPEC §4 Unauthorized)', () => {
  it('connects a guest without a ticket and never asks for one', async () => {
    const p = provider([{ ok: true, ticket: 't' }], false);
    expect(await p.next()).toBe('ws://flex.localhost/chat/1');
    expect(p.calls()).toBe(0);
  });

  it('fetches a fresh ticket before every connect of a member', async () => {
    const p = provider([{ ok: true, ticket: 'a' }, { ok: true, ticket: 'b' }]);
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

  it('leaves other failures to the socket’s backoff without counting them as Unauthorized', async () => {
    const p = provider([{ ok: false, unauthorized: false }]);
    for (let i = 0; i < 15; i++) await expect(p.next()).rejects.toThrow('ticket unavailable');
    expect(p.waits).toEqual([]);
    expect(p.expired()).toBe(0);
  });
});

const user = { loginId: 'demo_viewer', nickname: '데모시청자', role: 'V', badge: null } as const;
const message = (id: number): MessageFrame => ({ type: 'message', id, at: id, from: user, text: `m${id}` });

describe('chat state', () => {
  it('keeps only the newest lines', () => {
    const frames = Array.from({ length: CHAT_VISIBLE_LINES + 50 }, (_, i) => message(i + 1));
    const { state } = applyFrames(initialChatState, frames);
    expect(state.lines).toHaveLength(CHAT_VISIBLE_LINES);
    expect(state.lines[0]!.key).toBe('m51');
  });

  it('merges the history of a rejoin without repeating messages', () => {
    let { state } = applyFrames(initialChatState, [message(1), message(2)]);
    const joined: ServerFrame = { type: 'connection', status: 'joined', room: '1', me: user, frozen: true, viewers: 3, history: [message(1), message(2), message(3)] };
    ({ state } = applyFrames(state, [joined]));
    expect(state.lines.map((l) => l.key)).toEqual(['m1', 'm2', 'm3']);
    expect(state).toMatchObject({ joined: true, status: 'open', frozen: true, viewers: 3 });
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
