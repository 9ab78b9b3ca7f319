import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation, type Operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { chatTicketRequestSchema, chatTicketResponseSchema } from '../../shared/chat-ticket-api';
import { issueChatTicket } from '../services/chat';
import { guestAdult } from './watch-params';

/** A ticket is this viewer's alone. */
const NO_STORE = { 'cache-control': 'no-store' };

/** What both ticket calls refuse (issueChatTicket decides for both). */
const TICKET_REFUSALS: Operation['refusals'] = {
  403: 'The viewer may not watch the channel (IDENTITY_REQUIRED, ADULT_ONLY, PASSWORD_REQUIRED: send playback from GET /api/guest/live-Auth, BROADCAST_UNAVAILABLE)',
  404: 'No such room (ROOM_NOT_FOUND)',
};

/**
 * Tickets for /chat/<room>?ticket=..., one minute each, only for viewers who may watch the channel
 * (403 with a CHAT_ACCESS_CODES code otherwise). Members and guests ask at separate paths so that a
 * member whose session ended gets a 401, on which the client refreshes the session, rather than a guest's ticket.
 */
export const chatRoutes = new Hono<ApiEnv>()
  .post(
    '/api/chat/ticket',
    operation({
      tag: 'Chat',
      summary: "A member's one-minute ticket for the room's socket",
      description: "Open /chat/{room}?ticket=<ticket> on the same host. The ticket names the member's nickname and site role.",
      ok: chatTicketResponseSchema,
      refusals: TICKET_REFUSALS,
    }),
    requireMember(),
    validate('json', chatTicketRequestSchema),
    async (c) => c.json(await issueChatTicket(c.env, c.var.session.memberId, c.req.valid('json')), 200, NO_STORE),
  )
  // Ours: a guest reads only, but a restricted room (adult-only, a password-protected live) admits no guest without one.
  .post(
    '/api/guest/chat-ticket',
    operation({ tag: 'Chat', summary: "A guest's one-minute ticket (read only)", ok: chatTicketResponseSchema, refusals: TICKET_REFUSALS }),
    validate('json', chatTicketRequestSchema),
    async (c) => c.json(await issueChatTicket(c.env, null, c.req.valid('json'), Date.now(), await guestAdult(c)), 200, NO_STORE),
  );
