import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { verifyInboxTicket } from '../lib/inbox-ticket';
import { inboxStub } from '../inbox';
import { originAllowed } from './chat-socket';

/**
 * GET /inbox?ticket=... with Upgrade: websocket: a member's page listening for their new messages. As
 * /chat, everything is checked before the upgrade (426 not a WebSocket, 403 a foreign Origin, 401 a bad
 * or expired ticket from POST /api/my/inbox-ticket), then the socket goes to the member's MemberInbox.
 */
export async function inboxSocket(c: Context<AppEnv>): Promise<Response> {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new Refusal(426, 'UPGRADE_REQUIRED', 'chat.upgradeRequired');
  if (!(await originAllowed(c))) throw new Refusal(403, 'ORIGIN_FORBIDDEN', 'chat.originForbidden');
  const claims = await verifyInboxTicket(c.env.JWT_SECRET, c.req.query('ticket') ?? '');
  if (!claims) throw new Refusal(401, 'UNAUTHORIZED', 'chat.unauthorized');
  return inboxStub(c.env, claims.memberId).fetch(new Request(c.req.url, { headers: c.req.raw.headers }));
}
