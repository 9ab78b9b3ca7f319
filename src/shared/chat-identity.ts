// Classic zod: only the Worker imports this (the ticket, the edge and the ChatRoom object), never the browser.
import * as z from 'zod';
import { memberRoleSchema } from './chat-protocol';
import { UPLOAD_KEY_PATTERN } from './uploads';

/** Who a chat socket is, when a member: what their chat ticket says about them (src/lib/chat-ticket.ts). */
export const chatIdentitySchema = z.strictObject({
  memberId: z.number().int().positive(),
  loginId: z.string().min(1).max(40),
  nickname: z.string().min(1).max(40),
  role: memberRoleSchema,
  /** The API's word that the member subscribes to this room's channel (absent: not a subscriber). */
  subscriber: z.literal(true).optional(),
  /** The member's level from luv sent (src/shared/member-levels.ts); absent when they hide its icon. */
  level: z.number().int().min(1).max(99).optional(),
  /** Among the channel's top fans (services/fans.ts shownBigFan); absent when they hide the badge. */
  bigFan: z.literal(true).optional(),
  /** The member's avatar (an upload key, served at /api/uploads/<key>); absent when they have none. */
  avatar: z.string().regex(UPLOAD_KEY_PATTERN).optional(),
  /** The member has a channel of their own (absent: none). */
  channel: z.literal(true).optional(),
});
export type ChatIdentity = z.infer<typeof chatIdentitySchema>;

/**
 * The identity header the edge sets when it hands a socket to the room (null: a guest): the identity as JSON,
 * URI-encoded because header values must be ASCII and nicknames are not. The edge builds it with `encode` (which
 * throws on an identity that does not fit), the room reads it with `safeDecode` and refuses anything else.
 */
export const chatIdentityHeader = z.codec(z.string(), chatIdentitySchema.nullable(), {
  decode: (value, ctx) => {
    try {
      return JSON.parse(decodeURIComponent(value));
    } catch {
      ctx.issues.push({ code: 'custom', message: 'not URI-encoded JSON', input: value });
      return z.NEVER;
    }
  },
  encode: (who) => encodeURIComponent(JSON.stringify(who)),
});
