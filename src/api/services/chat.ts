import { CHAT_TICKET_TTL_MS, signChatTicket, type ChatTicketClaims } from '../../lib/chat-ticket';
import { CHAT_ACCESS_CODES, chatAccessMessageKey } from '../../shared/chat-protocol';
import type { ChatTicketRequest, ChatTicketResponse } from '../../shared/chat-ticket-api';
import { playbackTokenValid } from '../../lib/playback-token';
import { STAFF, standingOf } from '../../shared/chat-permissions';
import { jwtSecret } from '../config';
import { Refusal } from '../../lib/errors';
import { chatChannel, chatMember, type ChatChannelRow, type ChatMemberRow } from '../../db/chat';
import { isSubscribed } from '../../db/channels';
import { findOpenLive, type StreamRow } from '../../db/streams';
import { GUEST_ADULT_VIEWER, accessFor, standingStream, type AccessSubject, type RuleAccess, type Viewer } from './streams';
import { shownBigFan, shownLevel } from './fans';

/**
 * A short-lived chat ticket for a viewer who may watch the channel: a signed-in member (memberId; the
 * browser never holds the access token, so it cannot hand one to the socket) or a guest (null). A
 * member's ticket names their current nickname and site role; the room adds creator and manager
 * standing itself. A ticket only opens sockets for a minute. Who may be in the room is decided here,
 * once, by the player's rule (roomAccess); a refusal is a 403 the page can read and explain.
 */
export async function issueChatTicket(env: Env, memberId: number | null, request: ChatTicketRequest, now = Date.now(), guestAdult = false): Promise<ChatTicketResponse> {
  const channelId = Number(request.room);
  const [member, channel, live, subscriber, level] = await Promise.all([
    memberId === null ? Promise.resolve(null) : chatMember(env.DB, memberId),
    chatChannel(env.DB, channelId),
    findOpenLive(env.DB, channelId),
    memberId === null ? Promise.resolve(false) : isSubscribed(env.DB, memberId, channelId),
    memberId === null ? Promise.resolve(null) : shownLevel(env.DB, memberId),
  ]);
  if (memberId !== null && (!member || member.blocked)) throw new Refusal(401, 'UNAUTHORIZED', 'chat.unauthorized');
  if (!channel) throw new Refusal(404, 'ROOM_NOT_FOUND', 'chat.roomNotFound');
  const bigFan = member ? await shownBigFan(env.DB, member.id, channel.ownerId) : false;
  const access = await roomAccess(env, channel, live, member, request.playback, memberId === null && guestAdult);
  if (access !== 'ok') throw new Refusal(403, CHAT_ACCESS_CODES[access], chatAccessMessageKey(access));

  const exp = now + CHAT_TICKET_TTL_MS;
  const claims: ChatTicketClaims = member
    ? {
        memberId: member.id,
        loginId: member.loginId,
        nickname: member.nickname,
        role: member.role,
        ...(subscriber ? { subscriber: true as const } : {}),
        ...(level ? { level } : {}),
        ...(bigFan ? { bigFan: true as const } : {}),
        ...(member.avatarKey ? { avatar: member.avatarKey } : {}),
        ...(member.hasChannel ? { channel: true as const } : {}),
        room: request.room,
        exp,
      }
    : { guest: true, room: request.room, exp };
  return { ticket: await signChatTicket(jwtSecret(env), claims), expiresAt: exp };
}

/**
 * May this viewer be in the channel's room? Site staff (P, O) always; everyone else by the player's rule
 * (accessFor in streams.ts) on what the channel shows now: its open live, or with none on air the channel
 * itself as its standing stream (kind 3), whose adult flags apply and whose password guards lives only.
 * A password-protected live takes the playback token GET /api/guest/live-Auth signed for it as proof
 * the viewer knows the password.
 */
async function roomAccess(env: Env, channel: ChatChannelRow, live: StreamRow | null, member: ChatMemberRow | null, playback: string | undefined, guestAdult: boolean): Promise<RuleAccess> {
  if (member && standingOf(member.role, null) === STAFF) return 'ok';
  // Seats limit who watches, not who chats: the room is the channel's community (no pass is read here).
  const viewer: Viewer | null = member ? { memberId: member.id, identityVerified: member.identityVerified === 1, adult: member.adult === 1, passUntil: null } : guestAdult ? GUEST_ADULT_VIEWER : null;
  const subject: AccessSubject = live ?? standingStream(channel);
  // Switches operators turned off hide the video, not the room: its members must still hear the
  // CHANNELING_SETTING_UPDATE that turns them back on.
  const access = accessFor(subject, viewer, null);
  if (access === 'password' && live && (await playbackTokenValid(jwtSecret(env), live.id, playback))) return 'ok';
  return access;
}
