import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { apiError } from '../errors';
import { validate } from '../validate';
import { requireMember } from '../middleware/auth';
import { chatTicketRequestSchema } from '../../shared/chat-protocol';
import { issueChatTicket } from '../services/chat';

/** POST /api/chat/ticket {room}: a one-minute ticket for /chat/<room>?ticket=... (members only). */
export const chatRoutes = new Hono<ApiEnv>().post('/api/chat/ticket', requireMember(), validate('json', chatTicketRequestSchema), async (c) => {
  const outcome = await issueChatTicket(c.env, c.var.session.memberId, c.req.valid('json').room);
  if (!outcome.ok) return apiError(c, outcome.status, outcome.code, outcome.messageKey);
  c.header('cache-control', 'no-store');
  return c.json(outcome.body);
});
