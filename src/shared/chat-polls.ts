import { POLL_DURATIONS, POLL_LIMITS, type Poll, type PollStartFrame } from './chat-protocol';
import { cleanText } from './text';

/** A poll's question and options as the room keeps them (cleaned), or why they cannot be a poll. */
export type PollDraft = { question: string; options: string[]; seconds: (typeof POLL_DURATIONS)[number] };

const codePoints = (s: string) => [...s].length;

/**
 * The rules of a poll's start, the same in the room (which decides) and the form (which says so before sending):
 * a question of 1..100 characters, 2..5 options of 1..40 each, no option twice (case aside), and one of the
 * offered durations. Null when anything is outside them.
 */
export function pollDraft(frame: Pick<PollStartFrame, 'question' | 'options' | 'seconds'>): PollDraft | null {
  const question = cleanText(frame.question);
  const options = frame.options.map(cleanText);
  const seconds = POLL_DURATIONS.find((d) => d === frame.seconds);
  if (!question || codePoints(question) > POLL_LIMITS.question || seconds === undefined) return null;
  if (options.length < POLL_LIMITS.minOptions || options.length > POLL_LIMITS.maxOptions) return null;
  if (options.some((o) => !o || codePoints(o) > POLL_LIMITS.option)) return null;
  if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return null;
  return { question, options, seconds };
}

/**
 * Each option's share in whole percent, summing to 100 when anyone voted (largest remainder: 1/3 each is
 * 34, 33, 33, not 33 three times); all 0 when nobody did.
 */
export function pollPercents(votes: readonly number[]): number[] {
  const total = votes.reduce((a, b) => a + b, 0);
  if (total === 0) return votes.map(() => 0);
  const exact = votes.map((v) => (v * 100) / total);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The options with the most votes (more than one on a tie); none when nobody voted. */
export function pollWinners(poll: Pick<Poll, 'votes' | 'total'>): number[] {
  if (poll.total === 0) return [];
  const most = Math.max(...poll.votes);
  return poll.votes.flatMap((v, i) => (v === most ? [i] : []));
}
