import { z } from 'zod';
import { memberRoleSchema, roomIdSchema } from './chat-protocol';

/**
 * Chat tickets: the API signs one for a signed-in member (POST /api/chat/ticket) or a guest (POST
 * /api/guest/chat-ticket), and only for a viewer who may watch the channel (SPEC §6): holding one is
 * the API's word that this viewer may be in this room. The edge checks it before upgrading
 * /chat/<room>. Both ends share only JWT_SECRET, as with access tokens, so the API may live at
 * API_ORIGIN. Format: base64url(JSON claims) "." base64url(HMAC-SHA256). The MAC input carries its own
 * prefix, so a ticket can never pass for a JWT or a playback token signed with the same secret.
 */
export const CHAT_TICKET_TTL_MS = 60_000;
const CONTEXT = 'flex-live/chat-ticket/v1.';

const memberClaimsSchema = z.strictObject({
  memberId: z.number().int().positive(),
  loginId: z.string().min(1).max(40),
  nickname: z.string().min(1).max(40),
  role: memberRoleSchema,
  room: roomIdSchema,
  exp: z.number().int(),
});
/** A guest (reads only) whom the API let into this room. */
const guestClaimsSchema = z.strictObject({ guest: z.literal(true), room: roomIdSchema, exp: z.number().int() });
export const chatTicketClaimsSchema = z.union([memberClaimsSchema, guestClaimsSchema]);
export type ChatTicketClaims = z.infer<typeof chatTicketClaimsSchema>;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

function b64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function signChatTicket(secret: string, claims: ChatTicketClaims): Promise<string> {
  const body = b64url(encoder.encode(JSON.stringify(claims)));
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(CONTEXT + body));
  return `${body}.${b64url(new Uint8Array(mac))}`;
}

/** The claims of a genuine, unexpired ticket for `room`; null for anything else. */
export async function verifyChatTicket(secret: string, ticket: string, room: string, now = Date.now()): Promise<ChatTicketClaims | null> {
  if (ticket.length > 1024) return null;
  const [body, mac, extra] = ticket.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const macBytes = fromB64url(mac);
  const bodyBytes = fromB64url(body);
  if (!macBytes || !bodyBytes) return null;
  // crypto.subtle.verify compares in constant time.
  const genuine = await crypto.subtle.verify('HMAC', await hmacKey(secret), macBytes, encoder.encode(CONTEXT + body));
  if (!genuine) return null;
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
