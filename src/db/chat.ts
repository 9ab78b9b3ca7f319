import type { MemberRole } from '../shared/chat-protocol';
import { barredSql, mutedUntilSql } from './sanctions';

export interface ChatMemberRow {
  id: number;
  loginId: string;
  nickname: string;
  role: MemberRole;
  /** 1 when blocked by hand or a block or suspension is in force (src/db/sanctions.ts). */
  blocked: number;
  identityVerified: number;
  adult: number;
  avatarKey: string | null;
  /** 1 when the member has a channel of their own (their name in a room links to it). */
  hasChannel: number;
}

/** What a chat ticket says about its member, and what deciding their access to a room needs. */
export function chatMember(db: D1Database, memberId: number): Promise<ChatMemberRow | null> {
  return db
    .prepare(
      `SELECT id, login_id AS loginId, nickname, role, ${barredSql('members.id', 'members.blocked')} AS blocked, identity_verified AS identityVerified, adult, avatar_key AS avatarKey,
              EXISTS (SELECT 1 FROM channels c WHERE c.owner_id = members.id) AS hasChannel
       FROM members WHERE id = ?`,
    )
    .bind(memberId)
    .first<ChatMemberRow>();
}

/** What a room's access follows when no live is on air: the channel's owner and adult flags. */
export interface ChatChannelRow {
  ownerId: number;
  adult: number;
  adultPlus: number;
}

export function chatChannel(db: D1Database, channelId: number): Promise<ChatChannelRow | null> {
  return db.prepare('SELECT owner_id AS ownerId, adult, adult_plus AS adultPlus FROM channels WHERE id = ?').bind(channelId).first<ChatChannelRow>();
}

/** Channels with a live stream open: the rooms with an audience worth telling about a settings change. */
export async function liveChannelIds(db: D1Database): Promise<number[]> {
  const { results } = await db.prepare('SELECT DISTINCT channel_id AS channelId FROM streams WHERE ended_at IS NULL AND kind = 1').all<{ channelId: number }>();
  return results.map((r) => r.channelId);
}

/** A member's standing in every room now: their chat role, and the site's own sanctions on them. */
export interface ChatStanding {
  role: MemberRole;
  /** Blocked or suspended: no longer a member who may write anywhere. */
  barred: boolean;
  /** The end (ms) of a site-wide mute in force, else null. */
  mutedUntil: number | null;
}

/** A member's standing now (ops or staff may have changed it since their ticket); null when the member is gone. */
export async function chatMemberStanding(db: D1Database, memberId: number): Promise<ChatStanding | null> {
  const row = await db
    .prepare(`SELECT role, ${barredSql('members.id', 'members.blocked')} AS barred, ${mutedUntilSql('members.id')} AS mutedUntil FROM members WHERE id = ?`)
    .bind(memberId)
    .first<{ role: MemberRole; barred: number; mutedUntil: number | null }>();
  return row ? { role: row.role, barred: row.barred === 1, mutedUntil: row.mutedUntil } : null;
}
