// Classic zod, as every API contract: the OpenAPI document is generated from these. Kept apart from
// ./chat-protocol.ts (zod's mini build), so the browser's chat chunk carries no classic zod.
import * as z from 'zod';
import { ROOM_ID_PATTERN } from './chat-protocol';

/**
 * POST /api/chat/ticket (members) and POST /api/guest/chat-ticket (guests) take this and answer a
 * ChatTicketResponse; the socket URL is /chat/<room>?ticket=<ticket>. `playback` is the
 * `passwordToken` GET /api/guest/live-Auth answered (a playback token signed for the live): a
 * password-protected live's room wants it. Any text is accepted here (a stale or foreign token is
 * simply not valid, answered 403).
 */
export const chatTicketRequestSchema = z.strictObject({ room: z.string().regex(ROOM_ID_PATTERN), playback: z.string().max(256).optional() });
export type ChatTicketRequest = z.infer<typeof chatTicketRequestSchema>;
export const chatTicketResponseSchema = z
  .object({
    ticket: z.string(),
    expiresAt: z.int().describe('Epoch ms; a ticket only opens sockets until then (the open socket lives on)'),
  })
  .meta({ id: 'ChatTicketResponse' });
export type ChatTicketResponse = z.infer<typeof chatTicketResponseSchema>;
