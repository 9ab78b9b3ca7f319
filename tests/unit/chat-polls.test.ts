import { describe, expect, it } from 'vitest';
import { parseServerFrames, type Poll, type ServerFrame } from '../../src/shared/chat-protocol';
import { pollDraft, pollPercents, pollWinners } from '../../src/shared/chat-polls';
import { applyFrames, initialChatState } from '../../client/realtime/chat-state';

const poll = (over: Partial<Poll> = {}): Poll => ({
  id: 7,
  question: '다음 게임은?',
  options: ['롤', '발로란트'],
  votes: [0, 0],
  total: 0,
  by: { loginId: 'demo_caster1', nickname: '캐스터' },
  seconds: 60,
  startedAt: 1_000,
  left: 60_000,
  endedAt: null,
  ...over,
});

describe('poll rules', () => {
  it('a draft is cleaned and held to 1..100 / 2..5 x 1..40 / distinct options / offered durations', () => {
    expect(pollDraft({ question: '  질문  ', options: [' 예 ', '아니오'], seconds: 30 })).toEqual({ question: '질문', options: ['예', '아니오'], seconds: 30 });
    expect(pollDraft({ question: '가'.repeat(100), options: ['a'.repeat(40), 'b', 'c', 'd', 'e'], seconds: 600 })).not.toBeNull();
    expect(pollDraft({ question: '가'.repeat(101), options: ['a', 'b'], seconds: 30 })).toBeNull();
    expect(pollDraft({ question: 'q', options: ['a'], seconds: 30 })).toBeNull();
    expect(pollDraft({ question: 'q', options: ['a', 'b', 'c', 'd', 'e', 'f'], seconds: 30 })).toBeNull();
    expect(pollDraft({ question: 'q', options: ['a', ' '], seconds: 30 })).toBeNull();
    expect(pollDraft({ question: 'q', options: ['Yes', 'yes'], seconds: 30 })).toBeNull();
    expect(pollDraft({ question: 'q', options: ['a', 'b'], seconds: 90 })).toBeNull();
  });

  it('percentages add up to 100 (largest remainder), and ties have several winners', () => {
    expect(pollPercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(pollPercents([2, 1])).toEqual([67, 33]);
    expect(pollPercents([0, 0])).toEqual([0, 0]);
    expect(pollWinners({ votes: [2, 5, 5], total: 12 })).toEqual([1, 2]);
    expect(pollWinners({ votes: [0, 0], total: 0 })).toEqual([]);
  });
});

describe('chat state: polls', () => {
  it('pins an open poll, applies tallies and the own vote, and turns the end into a result line once', () => {
    const open: ServerFrame = { type: 'poll', status: 'open', at: 1_000, poll: poll() };
    let { state } = applyFrames(initialChatState, [open], 5_000);
    expect(state.poll).toEqual({ poll: poll(), myVote: null, closesAt: 65_000 });
    ({ state } = applyFrames(state, [
      { type: 'poll', status: 'tally', id: 7, votes: [3, 1], total: 4 },
      { type: 'poll', status: 'voted', id: 7, option: 1 },
      // Another poll's frames change nothing here.
      { type: 'poll', status: 'tally', id: 6, votes: [9, 9], total: 18 },
    ]));
    expect(state.poll).toMatchObject({ myVote: 1, poll: { votes: [3, 1], total: 4 } });
    const ended: ServerFrame = { type: 'poll', status: 'ended', at: 70_000, poll: poll({ votes: [3, 2], total: 5, left: 0, endedAt: 70_000 }) };
    ({ state } = applyFrames(state, [ended, ended]));
    expect(state.poll).toBeNull();
    expect(state.lines.map((l) => l.key)).toEqual(['p7']);
    // A reconnect's join brings the same result: still one line.
    ({ state } = applyFrames(state, [{ type: 'connection', status: 'joined', room: '1', me: null, frozen: false, viewers: 1, history: [], poll: null, myVote: null, pollResults: [ended.poll] }]));
    expect(state.lines.map((l) => l.key)).toEqual(['p7']);
  });

  it('a join brings the open poll with the member’s own vote, and older results among the history by time', () => {
    const joined = {
      type: 'connection',
      status: 'joined',
      room: '1',
      me: null,
      frozen: false,
      viewers: 3,
      history: [{ type: 'message', id: 1, at: 50, from: { loginId: 'a', nickname: 'A', role: 'V', badge: null }, text: 'hi' }],
      poll: poll({ id: 8, left: 10_000 }),
      myVote: 0,
      pollResults: [poll({ id: 6, endedAt: 40, left: 0 })],
    };
    // Checked by the protocol's own schema, as the socket does.
    const frames = parseServerFrames(JSON.stringify(joined));
    expect(frames).toHaveLength(1);
    const { state } = applyFrames(initialChatState, frames, 1_000);
    expect(state.poll).toMatchObject({ myVote: 0, closesAt: 11_000, poll: { id: 8 } });
    expect(state.lines.map((l) => l.key)).toEqual(['p6', 'm1']);
  });

  it('drops poll frames that do not fit the protocol', () => {
    expect(parseServerFrames(JSON.stringify({ type: 'poll', status: 'open', at: 1, poll: poll({ options: ['only one'] }) }))).toEqual([]);
    expect(parseServerFrames(JSON.stringify({ type: 'poll', status: 'tally', id: 1, votes: [-1], total: 0 }))).toEqual([]);
  });
});
