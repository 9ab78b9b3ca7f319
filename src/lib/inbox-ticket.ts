import { z } from 'zod';
import { fromBase64Url, hmacSign, hmacVerify, toBase64Url } from './crypto';

/**
 * Inbox tickets: the API signs one for a signed-in member (POST /api/my/inbox-ticket); the edge checks
 * it before upgrading /inbox to that member's MemberInbox object. As chat tickets (chat-ticket.ts), one
 * minute, only JWT_SECRET shared, and a MAC input with its own prefix so no other token passes for one.
 */
export const INBOX_TICKET_TTL_MS = 60_000;
const CONTEXT = 'flex-live/inbox-ticket/v1.';

const claimsSchema = z.strictObject({ memberId: z.number().int().positive(), exp: z.number().int() });
export type InboxTicketClaims = z.infer<typeof claimsSchema>;

const encoder = new TextEncoder();

export async function signInboxTicket(secret: string, claims: InboxTicketClaims): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(claims)));
  return `${body}.${await hmacSign(secret, CONTEXT + body)}`;
}

/** The claims of a genuine, unexpired ticket; null for anything else. */
export async function verifyInboxTicket(secret: string, ticket: string, now = Date.now()): Promise<InboxTicketClaims | null> {
  if (ticket.length > 512) return null;
  const [body, mac, extra] = ticket.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const bytes = fromBase64Url(body);
  if (!bytes || !(await hmacVerify(secret, CONTEXT + body, mac))) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(json);
  if (!claims.success || claims.data.exp <= now) return null;
  return claims.data;
}
