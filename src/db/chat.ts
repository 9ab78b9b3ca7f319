import type { MemberRole } from '../shared/chat-protocol';

export interface ChatMemberRow {
  id: number;
  login_id: string;
  nickname: string;
  role: MemberRole;
  blocked: number;
  identity_verified: number;
  adult: number;
}

/** What a chat ticket says about its member, and what deciding their access to a room needs. */
export function chatMember(db: D1Database, memberId: number): Promise<ChatMemberRow | null> {
  return db.prepare('SELECT id, login_id, nickname, role, blocked, identity_verified, adult FROM members WHERE id = ?').bind(memberId).first<ChatMemberRow>();
}

/** What a room's access follows when no live is on air: the channel's owner and adult flags. */
export interface ChatChannelRow {
  owner_id: number;
  adult: number;
  adult_plus: number;
}

export function chatChannel(db: D1Database, channelId: number): Promise<ChatChannelRow | null> {
  return db.prepare('SELECT owner_id, adult, adult_plus FROM channels WHERE id = ?').bind(channelId).first<ChatChannelRow>();
}

/** Channels with a live stream open: the rooms with an audience worth telling about a settings change. */
export async function liveChannelIds(db: D1Database): Promise<number[]> {
  const { results } = await db.prepare('SELECT DISTINCT channel_id FROM streams WHERE ended_at IS NULL AND kind = 1').all<{ channel_id: number }>();
  return results.map((r) => r.channel_id);
}
