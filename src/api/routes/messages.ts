import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import {
  blockChangedResponseSchema,
  blockListResponseSchema,
  conversationQuerySchema,
  conversationResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  divisionQuerySchema,
  inboxTicketResponseSchema,
  isBlockResponseSchema,
  matchRequestSchema,
  messageBoxQuerySchema,
  messageBoxResponseSchema,
  messageIdParamSchema,
  messageIdQuerySchema,
  messageReadResponseSchema,
  messageReportResponseSchema,
  messagesDeletedResponseSchema,
  reportRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  targetQuerySchema,
  targetRequestSchema,
} from '../../shared/message-schemas';
import {
  block,
  blockListOf,
  conversationWith,
  conversationsOf,
  deleteAll,
  deleteMatch,
  deleteMessage,
  isBlockWith,
  issueInboxTicket,
  messageBoxOf,
  readMessage,
  reportMessage,
  sendMessage,
  unblock,
} from '../services/messages';

const NO_STORE = { 'cache-control': 'no-store' };
const NOT_YOURS = "No such message of the member's own (MESSAGE_NOT_FOUND): another member's message answers the same";
const UNKNOWN_MEMBER = 'No member with that login ID (MEMBER_NOT_FOUND)';
const SELF = 'The member named themself (SELF_TARGET), or bad input';

/** Messages (docs/product/community.md, "Messages and my page") and the block list; members only. Every answer is the member's own copy. */
export const messageRoutes = new Hono<ApiEnv>()
  .post(
    '/api/my/messages',
    operation({
      tag: 'Messages',
      summary: 'Send a message to a member',
      description:
        "Plain text (control characters and bidi overrides are cleaned; 500 characters at most). The receiver's open pages hear of it at once through /inbox. At most 10 distinct receivers a minute. A receiver who blocked the sender never gets it, and the sender is answered as for any other (a block is not revealed).",
      ok: sendMessageResponseSchema,
      refusals: {
        400: SELF,
        404: UNKNOWN_MEMBER,
        429: 'The sender wrote to 10 other people in the last minute (MESSAGE_RATE_LIMITED); writing again to one of them still works',
      },
    }),
    requireMember(),
    validate('json', sendMessageRequestSchema),
    async (c) => c.json(await sendMessage(c.env, c.var.session.memberId, c.req.valid('json')), 200, NO_STORE),
  )
  .get(
    '/api/my/messages',
    operation({ tag: 'Messages', summary: 'The received (division=receive) or sent (division=send) box, newest first, in pages', ok: messageBoxResponseSchema }),
    requireMember(),
    validate('query', messageBoxQuerySchema),
    async (c) => c.json(await messageBoxOf(c.env.DB, c.var.session.memberId, c.req.valid('query')), 200, NO_STORE),
  )
  .get(
    '/v2/api/my/messages',
    operation({
      tag: 'Messages',
      summary: "The member's conversations, one per other member with the newest message and the unread count, in pages",
      description: 'Ordered by the memberSortCode setting: 1 newest first, 2 conversations with unread messages first.',
      ok: conversationsResponseSchema,
    }),
    requireMember(),
    validate('query', conversationsQuerySchema),
    async (c) => c.json(await conversationsOf(c.env.DB, c.var.session.memberId, c.req.valid('query')), 200, NO_STORE),
  )
  .get(
    '/v2/api/my/messages-list',
    operation({
      tag: 'Messages',
      summary: 'One conversation: the newest `limit` messages (older than `before`), oldest first',
      ok: conversationResponseSchema,
      refusals: { 400: SELF, 404: UNKNOWN_MEMBER },
    }),
    requireMember(),
    validate('query', conversationQuerySchema),
    async (c) => c.json(await conversationWith(c.env.DB, c.var.session.memberId, c.req.valid('query')), 200, NO_STORE),
  )
  .post(
    '/v2/api/my/messages-read/:id',
    operation({ tag: 'Messages', summary: 'Read a received message, and every earlier one from the same sender', ok: messageReadResponseSchema, refusals: { 404: NOT_YOURS } }),
    requireMember(),
    validate('param', messageIdParamSchema),
    async (c) => c.json(await readMessage(c.env, c.var.session.memberId, c.req.valid('param').id)),
  )
  .get(
    '/api/my/messages/delete',
    operation({ tag: 'Messages', summary: "Delete the member's copy of one message (the other side keeps theirs)", ok: messagesDeletedResponseSchema, refusals: { 404: NOT_YOURS } }),
    requireMember(),
    validate('query', messageIdQuerySchema),
    async (c) => c.json(await deleteMessage(c.env, c.var.session.memberId, c.req.valid('query').id), 200, NO_STORE),
  )
  .get(
    '/api/my/messages/alldelete',
    operation({ tag: 'Messages', summary: "Empty the member's received box (division=receive), sent box (send) or both (all)", ok: messagesDeletedResponseSchema }),
    requireMember(),
    validate('query', divisionQuerySchema),
    async (c) => c.json(await deleteAll(c.env, c.var.session.memberId, c.req.valid('query').division), 200, NO_STORE),
  )
  .post(
    '/api/my/app/messages/delete',
    operation({
      tag: 'Messages',
      summary: "Delete the member's copy of a whole conversation (matchId: the other member's login ID)",
      ok: messagesDeletedResponseSchema,
      refusals: { 400: SELF, 404: UNKNOWN_MEMBER },
    }),
    requireMember(),
    validate('json', matchRequestSchema),
    async (c) => c.json(await deleteMatch(c.env, c.var.session.memberId, c.req.valid('json').matchId)),
  )
  .post(
    '/api/my/messages/declaration/:id',
    operation({
      tag: 'Messages',
      summary: 'Report a received message to the operator',
      description: 'The words are kept with the report, whoever deletes their copy. Reporting it again answers the first report (replayed: true).',
      ok: messageReportResponseSchema,
      refusals: { 400: "The message is the member's own (REPORT_OWN_MESSAGE), or bad input", 404: NOT_YOURS },
    }),
    requireMember(),
    validate('param', messageIdParamSchema),
    validate('json', reportRequestSchema),
    async (c) => c.json(await reportMessage(c.env.DB, c.var.session.memberId, c.req.valid('param').id, c.req.valid('json').reason)),
  )
  .get(
    '/api/my/messages/isblock',
    operation({ tag: 'Messages', summary: 'Whether the member blocked targetId (never whether targetId blocked the member)', ok: isBlockResponseSchema, refusals: { 400: SELF, 404: UNKNOWN_MEMBER } }),
    requireMember(),
    validate('query', targetQuerySchema),
    async (c) => c.json(await isBlockWith(c.env.DB, c.var.session.memberId, c.req.valid('query').targetId), 200, NO_STORE),
  )
  .post(
    '/api/my/member-messages-blackAdd',
    operation({
      tag: 'Messages',
      summary: 'Block a member: they cannot message the member, and their chat lines are hidden from the member',
      ok: blockChangedResponseSchema,
      refusals: { 400: SELF, 404: UNKNOWN_MEMBER, 409: 'The block list holds 500 members already (BLOCK_LIST_FULL)' },
    }),
    requireMember(),
    validate('json', targetRequestSchema),
    async (c) => c.json(await block(c.env, c.var.session.memberId, c.req.valid('json').targetId)),
  )
  .delete(
    '/api/my/member-messages-blackDelete',
    operation({ tag: 'Messages', summary: 'Unblock a member (?targetId=<login ID>)', ok: blockChangedResponseSchema, refusals: { 400: SELF, 404: `${UNKNOWN_MEMBER}, or not blocked (NOT_BLOCKED)` } }),
    requireMember(),
    validate('query', targetQuerySchema),
    async (c) => c.json(await unblock(c.env, c.var.session.memberId, c.req.valid('query').targetId)),
  )
  .get('/api/my/member-messages-blackList', operation({ tag: 'Messages', summary: 'The members the member blocked, newest first', ok: blockListResponseSchema }), requireMember(), async (c) =>
    c.json(await blockListOf(c.env.DB, c.var.session.memberId), 200, NO_STORE),
  )
  .post(
    '/api/my/inbox-ticket',
    operation({
      tag: 'Messages',
      summary: "A one-minute ticket for the member's inbox socket, with the unread count now",
      description: 'Open /inbox?ticket=<ticket> on the same host: it sends {type:"message",id,from,unread}, {type:"unread",unread}, {type:"blocks"} and {type:"settings"} as they happen.',
      ok: inboxTicketResponseSchema,
    }),
    requireMember(),
    async (c) => c.json(await issueInboxTicket(c.env, c.var.session.memberId), 200, NO_STORE),
  );
