// A recording's chat replay: the call's shapes, shared by the API and the recording's page.
import * as z from 'zod';

/** The longest stretch one call answers, and the most lines (a busier stretch answers `next` to go on from); the most of the last lines before a moment. */
export const CHAT_REPLAY = { maxSpanMs: 10 * 60_000, maxLines: 1000, maxLast: 500 } as const;

/**
 * Live viewers watched about this far behind the room's clock (the player sits a second or so behind the encoder): a
 * line said at T went with the picture of T minus this, and a replay shows it there.
 */
export const REPLAY_LAG_MS = 1_500;
/**
 * What a replay reads on landing at a moment: the last lines before it (as many as it shows) and a stretch after it
 * (a minute, its first lines only: the rest follows while it plays). A recording's page comes with its start's.
 */
export const REPLAY_LANDING = { shown: 150, aheadMs: 60_000, aheadLines: 200 } as const;

/** A moment in epoch ms, as a query writes it. */
const epochParam = () =>
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number);
/** A count of lines from 1 to `max`, as a query writes it. */
const linesParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const chatReplayQuerySchema = z
  .object({
    from: epochParam().optional().describe('Start of the stretch (epoch ms); without it, the last lines before until'),
    until: epochParam(),
    last: linesParam(CHAT_REPLAY.maxLast).optional().describe('Without from: how many of the last lines before until (what a replay shows at that moment)'),
    limit: linesParam(CHAT_REPLAY.maxLines).optional().describe('With from: at most this many lines (1,000 when not said)'),
    token: z.string().max(200).optional().describe("A password recording's playback token (the one its playback URL carries)"),
  })
  .refine((q) => q.from === undefined || (q.until > q.from && q.until - q.from <= CHAT_REPLAY.maxSpanMs), {
    path: ['until'],
    message: 'after from, at most ten minutes later',
  })
  .refine((q) => q.from !== undefined || q.last !== undefined, { path: ['last'], message: 'from, or last' });

export const chatReplaySchema = z
  .object({
    lines: z
      .array(z.looseObject({ type: z.enum(['message', 'action', 'event', 'poll']), at: z.int().nonnegative() }))
      .describe('What the room sent during the live, as it sent it (chat frames: words, gifts and items, notices, moderation, poll results), in order; none of members banned from the room for good'),
    next: z.int().nonnegative().nullable().describe('More lines follow in the range: ask again from here'),
  })
  .meta({ id: 'ChatReplay' });
export type ChatReplay = z.infer<typeof chatReplaySchema>;

/** A stretch of a recording's chat replay: every line said in [from, until) (from 0: every line before until). */
export interface ReplayStretch {
  from: number;
  until: number;
  lines: ChatReplay['lines'];
}

/**
 * What a landing at `at` holds, from its two answers: the last lines before it (all there were, when fewer than a
 * replay shows) and the stretch after it, up to where that answer stopped.
 */
export function landedStretch<L extends { at: number }>(at: number, before: L[], ahead: { lines: L[]; next: number | null }): { from: number; until: number; lines: L[] } {
  return { from: before.length < REPLAY_LANDING.shown ? 0 : before[0]!.at, until: ahead.next ?? at + REPLAY_LANDING.aheadMs, lines: [...before, ...ahead.lines] };
}
