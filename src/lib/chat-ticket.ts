import { z } from 'zod';
import { roomIdSchema } from '../shared/chat-protocol';
import { chatIdentitySchema } from '../shared/chat-identity';
import { fromBase64Url, hmacSign, hmacVerify, toBase64Url } from './crypto';

/**
 * Chat tickets: the API signs one for a signed-in member (POST /api/chat/ticket) or a guest (POST
 * /api/guest/chat-ticket), and only for a viewer who may watch the channel (`accessFor`): holding one is
 * the API's word that this viewer may be in this room. The edge checks it before upgrading
 * /chat/<room>. Both ends share only JWT_SECRET, as with access tokens, so the API may live at
 * API_ORIGIN. Format: base64url(JSON claims) "." base64url(HMAC-SHA256). The MAC input carries its own
 * prefix, so a ticket can never pass for a JWT or a playback token signed with the same secret.
 */
export const CHAT_TICKET_TTL_MS = 60_000;
const CONTEXT = 'flex-live/chat-ticket/v1.';

/** A member: who they are in the room (the identity the edge hands the room), for this room until `exp`. */
const memberClaimsSchema = z.strictObject({ ...chatIdentitySchema.shape, room: roomIdSchema, exp: z.number().int() });
/** A guest (reads only) whom the API let into this room. */
const guestClaimsSchema = z.strictObject({ guest: z.literal(true), room: roomIdSchema, exp: z.number().int() });
export const chatTicketClaimsSchema = z.union([memberClaimsSchema, guestClaimsSchema]);
export type ChatTicketClaims = z.infer<typeof chatTicketClaimsSchema>;

const encoder = new TextEncoder();

export async function signChatTicket(secret: string, claims: ChatTicketClaims): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(claims)));
  return `${body}.${await hmacSign(secret, CONTEXT + body)}`;
}

/** The claims of a genuine, unexpired ticket for `room`; null for anything else. */
export async function verifyChatTicket(secret: string, ticket: string, room: string, now = Date.now()): Promise<ChatTicketClaims | null> {
  if (ticket.length > 1024) return null;
  const [body, mac, extra] = ticket.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const bodyBytes = fromBase64Url(body);
  if (!bodyBytes || !(await hmacVerify(secret, CONTEXT + body, mac))) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bodyBytes));
  } catch {
    return null;
  }
  const claims = chatTicketClaimsSchema.safeParse(json);
  if (!claims.success || claims.data.room !== room || claims.data.exp <= now) return null;
  return claims.data;
}
