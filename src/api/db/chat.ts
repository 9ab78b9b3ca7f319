import type { MemberRole } from '../../shared/chat-protocol';

export interface ChatMemberRow {
  id: number;
  login_id: string;
  nickname: string;
  role: MemberRole;
  blocked: number;
}

/** What a chat ticket says about its member. */
export function chatMember(db: D1Database, memberId: number): Promise<ChatMemberRow | null> {
  return db.prepare('SELECT id, login_id, nickname, role, blocked FROM members WHERE id = ?').bind(memberId).first<ChatMemberRow>();
}

export async function channelExists(db: D1Database, channelId: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM channels WHERE id = ?').bind(channelId).first()) !== null;
}

/** Channels with a live stream open: the rooms with an audience worth telling about a settings change. */
export async function liveChannelIds(db: D1Database): Promise<number[]> {
  const { results } = await db.prepare('SELECT DISTINCT channel_id FROM streams WHERE ended_at IS NULL AND kind = 1').all<{ channel_id: number }>();
  return results.map((r) => r.channel_id);
}
