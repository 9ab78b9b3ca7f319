import { CHAT_TICKET_TTL_MS, signChatTicket } from '../../shared/chat-ticket';
import type { ChatTicketResponse } from '../../shared/chat-protocol';
import { jwtSecret } from '../config';
import { channelExists, chatMember } from '../db/chat';

export type TicketOutcome = { ok: true; body: ChatTicketResponse } | { ok: false; status: 401 | 404; code: 'UNAUTHORIZED' | 'ROOM_NOT_FOUND'; messageKey: string };

/**
 * A short-lived chat ticket for a signed-in member (the browser never holds the access token, so it
 * cannot hand one to the socket). It names the member's current nickname and site role; the room adds
 * creator and manager standing itself. A ticket only opens sockets for a minute.
 */
export async function issueChatTicket(env: Env, memberId: number, room: string, now = Date.now()): Promise<TicketOutcome> {
  const [member, exists] = await Promise.all([chatMember(env.DB, memberId), channelExists(env.DB, Number(room))]);
  if (!member || member.blocked) return { ok: false, status: 401, code: 'UNAUTHORIZED', messageKey: 'chat.unauthorized' };
  if (!exists) return { ok: false, status: 404, code: 'ROOM_NOT_FOUND', messageKey: 'chat.roomNotFound' };
  const expiresAt = now + CHAT_TICKET_TTL_MS;
  const ticket = await signChatTicket(jwtSecret(env), { memberId: member.id, loginId: member.login_id, nickname: member.nickname, role: member.role, room, exp: expiresAt });
  return { ok: true, body: { ticket, expiresAt } };
}
