import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { apiError, requestLocale } from '../api/errors';
import { getRegistry, normalizeHost, resolveBrand } from '../brands/registry';
import { appTypeFor, nativeAppVersion, newDeviceId } from '../middleware/client-context';
import { callApi } from '../proxy/upstream';
import { roomIdSchema, type ChatTicketResponse } from '../shared/chat-protocol';
import { verifyChatTicket, type ChatTicketClaims } from '../shared/chat-ticket';
import type { Identity } from './authority';
import { SHARD_HEADERS } from './room-do';
import { hubStub, shardStub } from './shards';

/**
 * GET /chat/:room with Upgrade: websocket. Everything is checked before the upgrade, so a refusal is
 * a plain HTTP answer (partykit's pattern): 404 unknown room, 426 not a WebSocket, 403 foreign Origin,
 * 401 bad or expired ticket (SPEC §8 'Unauthorized'). No ticket is a guest, who may read.
 *
 * Mounted before secureHeaders and the brand/locale/session middleware: a 101 answer carries no
 * headers we could add, and the cookie and page machinery has nothing to do here. The Origin check
 * reads the brand registry itself (cached per isolate).
 */
export async function chatSocket(c: Context<AppEnv>): Promise<Response> {
  const room = c.req.param('room') ?? '';
  if (!roomIdSchema.safeParse(room).success) return apiError(c, 404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return apiError(c, 426, 'UPGRADE_REQUIRED', 'chat.upgradeRequired');
  if (!(await originAllowed(c))) return apiError(c, 403, 'ORIGIN_FORBIDDEN', 'chat.originForbidden');

  const who = await identify(c, room);
  if (who === 'unauthorized') return apiError(c, 401, 'UNAUTHORIZED', 'chat.unauthorized');

  const admission = await hubStub(c.env, room).assign(room, who);
  if (!admission.ok) return apiError(c, 404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  const headers = new Headers(c.req.raw.headers);
  headers.set(SHARD_HEADERS.room, room);
  headers.set(SHARD_HEADERS.shard, String(admission.shard));
  // Header values must be ASCII; nicknames are not.
  headers.set(SHARD_HEADERS.identity, encodeURIComponent(JSON.stringify(who)));
  headers.set(SHARD_HEADERS.refuse, JSON.stringify(admission.refuse));
  return shardStub(c.env, room, admission.shard).fetch(new Request(c.req.url, { headers }));
}

/** Browsers always send Origin: it must be one of the hosts of the brand answering here. Native apps send none. */
async function originAllowed(c: Context<AppEnv>): Promise<boolean> {
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  let originHost: string | null;
  try {
    originHost = normalizeHost(new URL(origin).host);
  } catch {
    return false; // 'null' and other opaque origins
  }
  if (!originHost) return false;
  const registry = await getRegistry(c.env.CONFIG);
  const here = resolveBrand(registry, c.req.header('host') ?? new URL(c.req.url).host);
  return registry.byHost.get(originHost)?.id === here.id;
}

/**
 * ?ticket= from POST /api/chat/ticket (the web client, whose tokens stay in HttpOnly cookies), or
 * ?token=<access token>&type=oauth (native apps), traded for a ticket at the API so the edge never
 * reads member data itself. Neither: a guest (null).
 */
async function identify(c: Context<AppEnv>, room: string): Promise<Identity | null | 'unauthorized'> {
  const ticket = c.req.query('ticket');
  const token = c.req.query('token');
  const type = c.req.query('type') ?? '';
  let claims: ChatTicketClaims | null = null;
  if (ticket) claims = await verifyChatTicket(c.env.JWT_SECRET, ticket, room);
  else if (token && (type === 'oauth' || type === '')) claims = await ticketForToken(c, room, token);
  else if (!token) return null;
  if (!claims) return 'unauthorized';
  return { memberId: claims.memberId, loginId: claims.loginId, nickname: claims.nickname, role: claims.role };
}

async function ticketForToken(c: Context<AppEnv>, room: string, token: string): Promise<ChatTicketClaims | null> {
  // callApi expects the edge context the page middleware would have set; this route runs without it.
  const version = nativeAppVersion(c.req.header('user-agent') ?? '');
  c.set('appType', appTypeFor(undefined, version));
  c.set('deviceId', newDeviceId());
  c.set('locale', requestLocale(c));
  const res = await callApi(c, '/api/chat/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room }) }, token);
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as ChatTicketResponse | null;
  return body?.ticket ? verifyChatTicket(c.env.JWT_SECRET, body.ticket, room) : null;
}
