import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { Refusal, type ApiErrorBody } from '../lib/errors';
import { getRegistry, normalizeHost, resolveBrand } from '../brands/registry';
import { appTypeFor, nativeAppVersion, newDeviceId } from '../middleware/client-context';
import { callApi, requestOrigin, type Caller } from './caller';
import { CHAT_ACCESS_CODES, chatAccessMessageKey, chatAccessRefusalOf, roomIdSchema } from '../shared/chat-protocol';
import type { ChatTicketRequest, ChatTicketResponse } from '../shared/chat-ticket-api';
import { verifyChatTicket, type ChatTicketClaims } from '../lib/chat-ticket';
import { chatIdentityHeader } from '../shared/chat-identity';
import { hubStub, shardStub, SHARD_HEADERS, type Identity } from '../chat';

/**
 * GET /chat/:room with Upgrade: websocket. Everything is checked before the upgrade, so a refusal is
 * a plain HTTP answer (partykit's pattern): 404 unknown room, 426 not a WebSocket, 403 foreign Origin,
 * 401 bad or expired ticket (the client retries with a fresh one), 403 with a CHAT_ACCESS_CODES code for a
 * viewer who may not watch the channel (adult-only, a password-protected live: `accessFor`).
 *
 * Mounted before secureHeaders and the brand/locale/session middleware: a 101 answer carries no
 * headers we could add, and the cookie and page machinery has nothing to do here. The Origin check
 * reads the brand registry itself (cached per isolate).
 */
export async function chatSocket(c: Context<AppEnv>): Promise<Response> {
  const room = c.req.param('room') ?? '';
  if (!roomIdSchema.safeParse(room).success) throw new Refusal(404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new Refusal(426, 'UPGRADE_REQUIRED', 'chat.upgradeRequired');
  if (!(await originAllowed(c))) throw new Refusal(403, 'ORIGIN_FORBIDDEN', 'chat.originForbidden');

  const who = await admit(c, room);

  const admission = await hubStub(c.env, room).assign(room, who);
  if (!admission.ok) throw new Refusal(404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  const headers = new Headers(c.req.raw.headers);
  headers.set(SHARD_HEADERS.room, room);
  headers.set(SHARD_HEADERS.shard, String(admission.shard));
  headers.set(SHARD_HEADERS.identity, chatIdentityHeader.encode(who));
  headers.set(SHARD_HEADERS.refuse, JSON.stringify(admission.refuse));
  return shardStub(c.env, room, admission.shard).fetch(new Request(c.req.url, { headers }));
}

/** Browsers always send Origin: it must be one of the hosts of the brand answering here. Native apps send none. */
export async function originAllowed(c: Context<AppEnv>): Promise<boolean> {
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

const unauthorized = () => new Refusal(401, 'UNAUTHORIZED', 'chat.unauthorized');

/**
 * Who opens the socket, and whether the API lets them in. Every way in carries the API's decision, so
 * the edge never reads member or channel data itself:
 * - ?ticket= from POST /api/chat/ticket or /api/guest/chat-ticket (the web client, whose tokens stay
 *   in HttpOnly cookies): the API issued it only to a viewer who may watch the channel;
 * - ?token=<access token>&type=oauth (native apps), or nothing at all (a guest without a ticket): the
 *   edge asks the API for a ticket on their behalf, passing ?playback=<token> along for a
 *   password-protected live, and refuses the upgrade with the API's reason.
 * The member who comes in (null: a guest); anyone else is refused.
 */
async function admit(c: Context<AppEnv>, room: string): Promise<Identity | null> {
  const ticket = c.req.query('ticket');
  const token = c.req.query('token');
  const type = c.req.query('type') ?? '';
  if (ticket) {
    const claims = await verifyChatTicket(c.env.JWT_SECRET, ticket, room);
    if (!claims) throw unauthorized();
    return identityOf(claims);
  }
  if (token && type !== 'oauth' && type !== '') throw unauthorized();
  return ticketFromApi(c, { room, playback: c.req.query('playback') }, token || null);
}

const identityOf = (claims: ChatTicketClaims): Identity | null =>
  'guest' in claims
    ? null
    : {
        memberId: claims.memberId,
        loginId: claims.loginId,
        nickname: claims.nickname,
        role: claims.role,
        ...(claims.subscriber ? { subscriber: true as const } : {}),
        ...(claims.level ? { level: claims.level } : {}),
        ...(claims.bigFan ? { bigFan: true as const } : {}),
        ...(claims.avatar ? { avatar: claims.avatar } : {}),
        ...(claims.channel ? { channel: true as const } : {}),
      };

async function ticketFromApi(c: Context<AppEnv>, request: ChatTicketRequest, token: string | null): Promise<Identity | null> {
  // This route runs before the edge middleware: the caller comes from the request alone.
  // The brand answering here: a member's token is only good on the brand it was made on (docs/security.md, "Access").
  const brand = resolveBrand(await getRegistry(c.env.CONFIG), c.req.header('host') ?? new URL(c.req.url).host).id;
  const caller: Caller = {
    ...requestOrigin(c),
    brand,
    deviceId: newDeviceId(),
    appType: appTypeFor(undefined, nativeAppVersion(c.req.header('user-agent') ?? '')),
    locale: c.var.locale, // callerLocale(), mounted with this route
    access: token ?? undefined,
  };
  const path = token ? '/api/chat/ticket' : '/api/guest/chat-ticket';
  const res = await callApi(c, caller, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const body = (await res.json().catch(() => null)) as (Partial<ChatTicketResponse> & Partial<ApiErrorBody>) | null;
  if (res.ok && body?.ticket) {
    const claims = await verifyChatTicket(c.env.JWT_SECRET, body.ticket, request.room);
    if (!claims) throw unauthorized();
    return identityOf(claims);
  }
  // The API's refusal, told again in this caller's language.
  const refusal = chatAccessRefusalOf(body?.error?.code);
  if (res.status === 403 && refusal) throw new Refusal(403, CHAT_ACCESS_CODES[refusal], chatAccessMessageKey(refusal));
  if (res.status === 401) throw unauthorized();
  if (res.status === 404) throw new Refusal(404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  if (res.status === 400) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
  throw new Refusal(503, 'UNAVAILABLE', 'chat.errors.UNAVAILABLE');
}
