// Messages' SQL (migration 0018): messages with a deleted flag per side, the block list, reports and the
// member's settings. The rules (who may read, delete or write what) are the service's:
// src/api/services/messages.ts.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';

export interface MessageRow {
  id: number;
  senderId: number;
  senderLoginId: string;
  senderNickname: string;
  receiverId: number;
  receiverLoginId: string;
  receiverNickname: string;
  content: string;
  createdAt: number;
  readAt: number | null;
}

const MESSAGE_COLUMNS = `m.id, m.sender_id AS senderId, s.login_id AS senderLoginId, s.nickname AS senderNickname,
  m.receiver_id AS receiverId, r.login_id AS receiverLoginId, r.nickname AS receiverNickname, m.content, m.created_at AS createdAt, m.read_at AS readAt`;
const MESSAGE_FROM = 'messages m JOIN members s ON s.id = m.sender_id JOIN members r ON r.id = m.receiver_id';
/** The member's own copies: received and not deleted by them, or sent and not deleted by them. */
const VISIBLE_TO = '((m.receiver_id = ?1 AND m.receiver_deleted = 0) OR (m.sender_id = ?1 AND m.sender_deleted = 0))';

/** withheld: the receiver blocked the sender, so only the sender's copy exists (the receiver's is written deleted). */
export type SendOutcome = { id: number; createdAt: number; withheld: number } | null;

/**
 * Write a message in one statement that also holds the rules which must be exact under concurrency: the sender
 * wrote to fewer than `perMinute` distinct other people in the last window (writing again to one of them is
 * free). Null when that said no. A receiver who blocked the sender never gets it: it is written with their copy
 * already deleted, so the sender's answer and their own copy are those of a delivered message and the block is
 * not revealed.
 */
export async function insertMessage(db: D1Database, m: { senderId: number; receiverId: number; content: string; at: number; windowMs: number; perMinute: number }): Promise<SendOutcome> {
  return db
    .prepare(
      `INSERT INTO messages (sender_id, receiver_id, content, created_at, receiver_deleted)
       SELECT ?1, ?2, ?3, ?4, EXISTS (SELECT 1 FROM message_blocks WHERE member_id = ?2 AND target_id = ?1)
       WHERE EXISTS (SELECT 1 FROM messages WHERE sender_id = ?1 AND created_at > ?4 - ?5 AND receiver_id = ?2)
          OR (SELECT COUNT(DISTINCT receiver_id) FROM messages WHERE sender_id = ?1 AND created_at > ?4 - ?5) < ?6
       RETURNING id, created_at AS createdAt, receiver_deleted AS withheld`,
    )
    .bind(m.senderId, m.receiverId, m.content, m.at, m.windowMs, m.perMinute)
    .first<{ id: number; createdAt: number; withheld: number }>();
}

export async function isBlocked(db: D1Database, memberId: number, targetId: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM message_blocks WHERE member_id = ? AND target_id = ?').bind(memberId, targetId).first()) !== null;
}

/** One message the member can still see (their own copy), or null: another's message is as absent as a missing one. */
export function findVisibleMessage(db: D1Database, memberId: number, id: number): Promise<MessageRow | null> {
  return db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.id = ?2 AND ${VISIBLE_TO}`).bind(memberId, id).first<MessageRow>();
}

/**
 * The member's pages are opening their inbox now (the went-live notices tell only members seen within hours). The
 * stamp moves at most once an hour: every member page asks for an inbox ticket, and a write each time buys nothing.
 */
export const INBOX_SEEN_STEP_MS = 3600_000;
export async function markInboxSeen(db: D1Database, memberId: number, now: number): Promise<void> {
  await db
    .prepare('UPDATE members SET inbox_seen_at = ?1 WHERE id = ?2 AND (inbox_seen_at IS NULL OR inbox_seen_at < ?3)')
    .bind(now, memberId, now - INBOX_SEEN_STEP_MS)
    .run();
}

export async function unreadCount(db: D1Database, memberId: number): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM messages WHERE receiver_id = ? AND receiver_deleted = 0 AND read_at IS NULL').bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A page of the received or the sent box, newest first. */
export function messageBox(db: D1Database, memberId: number, division: 'receive' | 'send', page: PageRequest): Promise<{ rows: MessageRow[]; total: number }> {
  const where = division === 'receive' ? 'm.receiver_id = ?1 AND m.receiver_deleted = 0' : 'm.sender_id = ?1 AND m.sender_deleted = 0';
  return pagedList<MessageRow>(db, { columns: MESSAGE_COLUMNS, from: MESSAGE_FROM, where, orderBy: 'm.id DESC', params: [memberId] }, page);
}

export interface ConversationRow extends MessageRow {
  partnerId: number;
  unread: number;
  blocked: number;
}

/**
 * The member's conversations, one per other member, each with its newest visible message and its unread
 * count; `unreadFirst` puts conversations with unread messages first (memberSortCode 2).
 */
export function conversations(db: D1Database, memberId: number, page: PageRequest, unreadFirst: boolean): Promise<{ rows: ConversationRow[]; total: number }> {
  const mine = `SELECT m.id, CASE WHEN m.sender_id = ?1 THEN m.receiver_id ELSE m.sender_id END AS partner_id,
      CASE WHEN m.receiver_id = ?1 AND m.read_at IS NULL THEN 1 ELSE 0 END AS is_unread
    FROM messages m WHERE ${VISIBLE_TO}`;
  const grouped = `SELECT partner_id, MAX(id) AS last_id, SUM(is_unread) AS unread FROM (${mine}) GROUP BY partner_id`;
  // One row per partner: the count is the number of conversations.
  return pagedList<ConversationRow>(
    db,
    {
      columns: `${MESSAGE_COLUMNS}, g.partner_id AS partnerId, g.unread AS unread,
        EXISTS (SELECT 1 FROM message_blocks b WHERE b.member_id = ?1 AND b.target_id = g.partner_id) AS blocked`,
      from: `(${grouped}) g JOIN messages m ON m.id = g.last_id JOIN members s ON s.id = m.sender_id JOIN members r ON r.id = m.receiver_id`,
      orderBy: `${unreadFirst ? '(g.unread > 0) DESC, ' : ''}g.last_id DESC`,
      params: [memberId],
    },
    page,
  );
}

/** One conversation's newest `limit` messages older than `before` (if given), newest first; limit + 1 are read to tell whether more remain. */
export async function conversation(db: D1Database, memberId: number, partnerId: number, limit: number, before: number | null): Promise<MessageRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
       WHERE ${VISIBLE_TO} AND (m.sender_id = ?2 OR m.receiver_id = ?2) AND m.id < ?3
       ORDER BY m.id DESC LIMIT ?4`,
    )
    .bind(memberId, partnerId, before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<MessageRow>();
  return results;
}

/** Mark the member's received messages from `partnerId` read (all of them up to `upToId`). */
export async function markConversationRead(db: D1Database, memberId: number, partnerId: number, upToId: number, at: number): Promise<number> {
  const res = await db
    .prepare('UPDATE messages SET read_at = ?4 WHERE receiver_id = ?1 AND sender_id = ?2 AND id <= ?3 AND read_at IS NULL AND receiver_deleted = 0')
    .bind(memberId, partnerId, upToId, at)
    .run();
  return res.meta.changes;
}

/** Mark one received message read; null when it is not the member's received copy. */
export function markRead(db: D1Database, memberId: number, id: number, at: number): Promise<{ readAt: number } | null> {
  return db
    .prepare('UPDATE messages SET read_at = COALESCE(read_at, ?3) WHERE id = ?2 AND receiver_id = ?1 AND receiver_deleted = 0 RETURNING read_at AS readAt')
    .bind(memberId, id, at)
    .first<{ readAt: number }>();
}

/** Delete the member's copy of one message (their side only); how many copies went (0 or 1). */
export async function deleteOwnCopy(db: D1Database, memberId: number, id: number): Promise<number> {
  const [received, sent] = await db.batch([
    db.prepare('UPDATE messages SET receiver_deleted = 1 WHERE id = ?2 AND receiver_id = ?1 AND receiver_deleted = 0').bind(memberId, id),
    db.prepare('UPDATE messages SET sender_deleted = 1 WHERE id = ?2 AND sender_id = ?1 AND sender_deleted = 0').bind(memberId, id),
  ]);
  return received!.meta.changes + sent!.meta.changes;
}

/** Empty the member's received box, sent box, or both. */
export async function deleteBox(db: D1Database, memberId: number, division: 'receive' | 'send' | 'all'): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  if (division !== 'send') statements.push(db.prepare('UPDATE messages SET receiver_deleted = 1 WHERE receiver_id = ? AND receiver_deleted = 0').bind(memberId));
  if (division !== 'receive') statements.push(db.prepare('UPDATE messages SET sender_deleted = 1 WHERE sender_id = ? AND sender_deleted = 0').bind(memberId));
  const results = await db.batch(statements);
  return results.reduce((n, r) => n + r.meta.changes, 0);
}

/** Delete the member's copy of their whole conversation with `partnerId`. */
export async function deleteConversation(db: D1Database, memberId: number, partnerId: number): Promise<number> {
  const results = await db.batch([
    db.prepare('UPDATE messages SET receiver_deleted = 1 WHERE receiver_id = ?1 AND sender_id = ?2 AND receiver_deleted = 0').bind(memberId, partnerId),
    db.prepare('UPDATE messages SET sender_deleted = 1 WHERE sender_id = ?1 AND receiver_id = ?2 AND sender_deleted = 0').bind(memberId, partnerId),
  ]);
  return results.reduce((n, r) => n + r.meta.changes, 0);
}

/** Report a received message: the words are copied. A second report by the same member answers the first. */
export async function insertReport(db: D1Database, r: { messageId: number; reporterId: number; senderId: number; content: string; reason: string | null; at: number }) {
  const inserted = await db
    .prepare(
      `INSERT INTO message_reports (message_id, reporter_id, sender_id, content, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (message_id, reporter_id) DO NOTHING RETURNING id`,
    )
    .bind(r.messageId, r.reporterId, r.senderId, r.content, r.reason, r.at)
    .first<{ id: number }>();
  if (inserted) return { id: inserted.id, replayed: false };
  const first = await db.prepare('SELECT id FROM message_reports WHERE message_id = ? AND reporter_id = ?').bind(r.messageId, r.reporterId).first<{ id: number }>();
  return { id: first!.id, replayed: true };
}

// ---- Block list

export interface BlockRow {
  memberId: number;
  loginId: string;
  nickname: string;
  createdAt: number;
}

export async function addBlock(db: D1Database, memberId: number, targetId: number, at: number): Promise<void> {
  await db.prepare('INSERT INTO message_blocks (member_id, target_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').bind(memberId, targetId, at).run();
}

export async function removeBlock(db: D1Database, memberId: number, targetId: number): Promise<number> {
  return (await db.prepare('DELETE FROM message_blocks WHERE member_id = ? AND target_id = ?').bind(memberId, targetId).run()).meta.changes;
}

export function blockList(db: D1Database, memberId: number, page: PageRequest): Promise<{ rows: BlockRow[]; total: number }> {
  return pagedList<BlockRow>(
    db,
    {
      columns: 't.id AS memberId, t.login_id AS loginId, t.nickname, b.created_at AS createdAt',
      from: 'message_blocks b JOIN members t ON t.id = b.target_id',
      where: 'b.member_id = ?1',
      orderBy: 'b.created_at DESC, t.id DESC',
      params: [memberId],
    },
    page,
  );
}

export async function countBlocks(db: D1Database, memberId: number): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM message_blocks WHERE member_id = ?').bind(memberId).first<{ n: number }>())?.n ?? 0;
}

// ---- Settings

export interface SettingsRow {
  isView: number;
  isVibes: number;
  isSponser: number;
  memberSortCode: number;
  isBigFan: number;
  isMemberLevelIconEnabled: number;
}
const SETTINGS_COLUMNS = `is_view AS isView, is_vibes AS isVibes, is_sponser AS isSponser, member_sort_code AS memberSortCode,
  is_big_fan AS isBigFan, is_member_level_icon_enabled AS isMemberLevelIconEnabled`;

export function findSettings(db: D1Database, memberId: number): Promise<SettingsRow | null> {
  return db.prepare(`SELECT ${SETTINGS_COLUMNS} FROM member_settings WHERE member_id = ?`).bind(memberId).first<SettingsRow>();
}

/**
 * Change the given settings (null: leave as it is) in one statement: two changes at once each keep their
 * own fields. Answers the whole row after the change.
 */
export function saveSettings(db: D1Database, memberId: number, s: { [K in keyof SettingsRow]: number | null }, at: number): Promise<SettingsRow | null> {
  return db
    .prepare(
      `INSERT INTO member_settings (member_id, is_view, is_vibes, is_sponser, member_sort_code, is_big_fan, is_member_level_icon_enabled, updated_at)
       VALUES (?1, COALESCE(?2, 1), COALESCE(?3, 1), COALESCE(?4, 1), COALESCE(?5, 1), COALESCE(?6, 1), COALESCE(?7, 1), ?8)
       ON CONFLICT (member_id) DO UPDATE SET is_view = COALESCE(?2, is_view), is_vibes = COALESCE(?3, is_vibes), is_sponser = COALESCE(?4, is_sponser),
         member_sort_code = COALESCE(?5, member_sort_code), is_big_fan = COALESCE(?6, is_big_fan),
         is_member_level_icon_enabled = COALESCE(?7, is_member_level_icon_enabled), updated_at = ?8
       RETURNING ${SETTINGS_COLUMNS}`,
    )
    .bind(memberId, s.isView, s.isVibes, s.isSponser, s.memberSortCode, s.isBigFan, s.isMemberLevelIconEnabled, at)
    .first<SettingsRow>();
}

/** Which of these login IDs turned isSponser off: creators' received-gift lists show them as anonymous. */
export async function hiddenSupporters(db: D1Database, loginIds: string[]): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const unique = [...new Set(loginIds)].slice(0, 90);
  const { results } = await db
    .prepare(`SELECT m.login_id AS loginId FROM members m JOIN member_settings s ON s.member_id = m.id WHERE s.is_sponser = 0 AND m.login_id IN (${unique.map(() => '?').join(', ')})`)
    .bind(...unique)
    .all<{ loginId: string }>();
  return new Set(results.map((r) => r.loginId));
}

/** hiddenSupporters by member id: rankings and the rooms' gift events show these members as anonymous. */
export async function hiddenSupporterIds(db: D1Database, memberIds: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(memberIds)].slice(0, 90);
  if (unique.length === 0) return new Set();
  const { results } = await db
    .prepare(`SELECT member_id AS memberId FROM member_settings WHERE is_sponser = 0 AND member_id IN (${unique.map(() => '?').join(', ')})`)
    .bind(...unique)
    .all<{ memberId: number }>();
  return new Set(results.map((r) => r.memberId));
}
