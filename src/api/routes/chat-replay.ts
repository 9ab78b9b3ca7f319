import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember } from '../middleware/auth';
import { chatReplayQuerySchema, chatReplaySchema } from '../../shared/chat-replay-schemas';
import { recordingChat } from '../services/chat-replay';
import { idParam, secretOf, settingsOf, viewerOf } from './watch-params';

/** A recording's chat, replayed beside it. */
export const chatReplayRoutes = new Hono<ApiEnv>().get(
  '/api/streams/:id/chat-replay',
  operation({
    tag: 'Chat',
    summary: "A recording's chat as it was said during its live, a stretch at a time",
    description:
      'from and until are epoch ms (the times the room gave the lines, which the recording’s program date-time follows), at most ten minutes apart; at most 1,000 lines a call, with next when more follow. Without from, the last lines before until (at most 500): what a replay shows at that moment.',
    ok: chatReplaySchema,
    refusals: {
      400: 'The range fails validation (BAD_REQUEST)',
      403: 'The viewer may not watch the recording (PLAYBACK_REFUSED)',
      404: 'No such stream of ours (STREAM_NOT_FOUND)',
    },
  }),
  optionalMember(),
  validate('param', idParam),
  validate('query', chatReplayQuerySchema),
  async (c) => c.json(await recordingChat(c.env, c.req.valid('param').id, c.req.valid('query'), await viewerOf(c), await settingsOf(c), secretOf(c))),
);
