import { Hono, type Context } from 'hono';
import type { ApiEnv } from '../env';
import { apiError } from '../errors';
import { validate } from '../validate';
import { requireMember } from '../middleware/auth';
import { chatTicketRequestSchema } from '../../shared/chat-protocol';
import { issueChatTicket, type TicketOutcome } from '../services/chat';

function answer(c: Context<ApiEnv>, outcome: TicketOutcome) {
  if (!outcome.ok) return apiError(c, outcome.status, outcome.code, outcome.messageKey);
  c.header('cache-control', 'no-store');
  return c.json(outcome.body);
}

/**
 * Tickets for /chat/<room>?ticket=..., one minute each, only for viewers who may watch the channel
 * (403 with a CHAT_ACCESS_CODES code otherwise). Members and guests ask at separate paths so that a
 * member whose session ended gets the 401 of SPEC §8 ('Unauthorized') rather than a guest's ticket.
 */
export const chatRoutes = new Hono<ApiEnv>()
  .post('/api/chat/ticket', requireMember(), validate('json', chatTicketRequestSchema), async (c) =>
    answer(c, await issueChatTicket(c.env, c.var.session.memberId, c.req.valid('json'))),
  )
  // Ours: a guest reads only, but a restricted room (adult-only, a password-protected live) admits no guest without one.
  .post('/api/guest/chat-ticket', validate('json', chatTicketRequestSchema), async (c) => answer(c, await issueChatTicket(c.env, null, c.req.valid('json'))));
