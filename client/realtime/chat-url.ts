import { chatAccessRefusalOf } from '../../src/shared/chat-protocol';
import type { ChatTicketRequest } from '../../src/shared/chat-ticket-api';
import { call } from '../data/api';
import type { TicketResult } from './ticket-retry';

/**
 * POST /api/chat/ticket (a member) or /api/guest/chat-ticket (a guest), with the playback token of a
 * password-protected live when the viewer has one. A browser cannot read the status of a refused
 * upgrade, so the ticket call is where the page learns why it may not connect: 401 is the client's
 * 'Unauthorized', 403 with an access code a room this viewer may not enter; anything else
 * that fails is an ordinary socket error.
 */
export async function fetchChatTicket(room: string, { member, playback }: { member: boolean; playback: string | null }): Promise<TicketResult> {
  const request: ChatTicketRequest = playback ? { room, playback } : { room };
  const result = member ? await call('POST', '/api/chat/ticket', { json: request }) : await call('POST', '/api/guest/chat-ticket', { json: request });
  if (result.status === 401 && member) return { ok: false, unauthorized: true };
  const refused = result.status === 403 ? chatAccessRefusalOf(result.code) : null;
  if (refused) return { ok: false, refused };
  return result.ok && result.body?.ticket ? { ok: true, ticket: result.body.ticket } : { ok: false, unauthorized: false };
}
