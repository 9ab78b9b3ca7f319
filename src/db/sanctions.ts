// Sanctions' SQL (migration 0036). The rules (who may sanction, what each kind does to sessions, reports and the
// member's inbox) are the service's: src/api/services/sanctions.ts.

export type SanctionKind = 'warn' | 'mute' | 'suspend' | 'block';

/** Now in ms, by D1's clock: standing is decided inside the statements that read it. */
const NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

/** A sanction of these kinds, of the member in `memberColumn`, in force now (not lifted, started, not ended). */
const inForce = (memberColumn: string, kinds: string) =>
  `EXISTS (SELECT 1 FROM member_sanctions s WHERE s.member_id = ${memberColumn} AND s.kind IN (${kinds}) AND s.lifted_at IS NULL
     AND s.starts_at <= ${NOW_MS} AND (s.ends_at IS NULL OR s.ends_at > ${NOW_MS}))`;

/**
 * 1 when the member may not sign in or hold a session now: blocked by hand (members.blocked) or by a block or a
 * suspension in force. Every read of a member's `blocked` (sign-in, refresh, chat tickets, staff standing) selects
 * this, so a sanction applies everywhere the flag was already obeyed, and ends by itself when its time is up.
 */
export const barredSql = (memberColumn: string, blockedColumn: string) => `(${blockedColumn} = 1 OR ${inForce(memberColumn, "'suspend', 'block'")})`;

/** The end (ms) of the member's mute in force, or NULL: a muted member's words are refused in every room. */
export const mutedUntilSql = (memberColumn: string) =>
  `(SELECT MAX(s.ends_at) FROM member_sanctions s WHERE s.member_id = ${memberColumn} AND s.kind = 'mute' AND s.lifted_at IS NULL
     AND s.starts_at <= ${NOW_MS} AND s.ends_at > ${NOW_MS})`;

export interface SanctionRow {
  id: number;
  memberId: number;
  loginId: string;
  nickname: string;
  kind: SanctionKind;
  reason: string;
  startsAt: number;
  endsAt: number | null;
  staffLoginId: string | null;
  reportSource: 'cs' | 'message' | null;
  reportId: number | null;
  liftedAt: number | null;
  liftedByLoginId: string | null;
}

const SANCTION_COLUMNS = `s.id, s.member_id AS memberId, m.login_id AS loginId, m.nickname, s.kind, s.reason, s.starts_at AS startsAt, s.ends_at AS endsAt,
  st.login_id AS staffLoginId, s.report_source AS reportSource, s.report_id AS reportId, s.lifted_at AS liftedAt, lb.login_id AS liftedByLoginId`;
const SANCTION_FROM = 'member_sanctions s JOIN members m ON m.id = s.member_id LEFT JOIN members st ON st.id = s.staff_id LEFT JOIN members lb ON lb.id = s.lifted_by';

export interface NewSanction {
  memberId: number;
  kind: SanctionKind;
  reason: string;
  startsAt: number;
  endsAt: number | null;
  staffId: number;
  report: { source: 'cs' | 'message'; id: number } | null;
}

export function insertSanctionStatement(db: D1Database, s: NewSanction): D1PreparedStatement {
  return db
    .prepare('INSERT INTO member_sanctions (member_id, kind, reason, starts_at, ends_at, staff_id, report_source, report_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(s.memberId, s.kind, s.reason, s.startsAt, s.endsAt, s.staffId, s.report?.source ?? null, s.report?.id ?? null);
}

/** The sanction just inserted by this batch (the newest of the member by this staff member). */
export function newestSanctionStatement(db: D1Database, memberId: number, staffId: number): D1PreparedStatement {
  return db.prepare(`SELECT ${SANCTION_COLUMNS} FROM ${SANCTION_FROM} WHERE s.member_id = ? AND s.staff_id = ? ORDER BY s.id DESC LIMIT 1`).bind(memberId, staffId);
}

export function findSanction(db: D1Database, id: number): Promise<SanctionRow | null> {
  return db.prepare(`SELECT ${SANCTION_COLUMNS} FROM ${SANCTION_FROM} WHERE s.id = ?`).bind(id).first<SanctionRow>();
}

/** Lift a sanction not lifted yet; changes nothing when someone lifted it first (the batch's audit row then records no change). */
export function liftSanctionStatement(db: D1Database, id: number, staffId: number, now: number): D1PreparedStatement {
  return db.prepare('UPDATE member_sanctions SET lifted_at = ?, lifted_by = ? WHERE id = ? AND lifted_at IS NULL').bind(now, staffId, id);
}

export async function sanctionsOf(db: D1Database, memberId: number, limit: number): Promise<SanctionRow[]> {
  const { results } = await db.prepare(`SELECT ${SANCTION_COLUMNS} FROM ${SANCTION_FROM} WHERE s.member_id = ? ORDER BY s.id DESC LIMIT ?`).bind(memberId, limit).all<SanctionRow>();
  return results;
}

/** No end: a block, or members.blocked set by hand. */
export const FOREVER = Number.MAX_SAFE_INTEGER;

const STANDING_COLUMNS = `CASE WHEN m.blocked = 1 THEN ${FOREVER} ELSE (SELECT MAX(COALESCE(s.ends_at, ${FOREVER})) FROM member_sanctions s WHERE s.member_id = m.id
    AND s.kind IN ('suspend', 'block') AND s.lifted_at IS NULL AND s.starts_at <= ${NOW_MS} AND (s.ends_at IS NULL OR s.ends_at > ${NOW_MS})) END AS barredUntil,
  ${mutedUntilSql('m.id')} AS mutedUntil`;

/**
 * What the sanctions in force bar the member from now, with their ends (ms; FOREVER for good, null when none):
 * signing in (a block or suspension) and chatting (a mute). Null when there is no such member.
 */
export function standingOfMember(db: D1Database, memberId: number): Promise<{ barredUntil: number | null; mutedUntil: number | null } | null> {
  return db
    .prepare(
      `SELECT ${STANDING_COLUMNS}
       FROM members m WHERE m.id = ?`,
    )
    .bind(memberId)
    .first();
}

export interface MemberStanding {
  id: number;
  loginId: string;
  nickname: string;
  role: string;
  barredUntil: number | null;
  mutedUntil: number | null;
  createdAt: number;
  lastLoginAt: number | null;
}

/** Members whose login ID or nickname is `query` exactly, or starts with it (at most `limit`, exact ones first). */
export async function findMembersForStaff(db: D1Database, query: string, limit: number): Promise<MemberStanding[]> {
  const prefix = `${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT m.id, m.login_id AS loginId, m.nickname, m.role, ${STANDING_COLUMNS}, m.created_at AS createdAt, m.last_login_at AS lastLoginAt
       FROM members m
       WHERE m.login_id = ?1 COLLATE NOCASE OR m.nickname = ?1 OR m.login_id LIKE ?2 ESCAPE '\\' OR m.nickname LIKE ?2 ESCAPE '\\'
       ORDER BY (m.login_id = ?1 COLLATE NOCASE OR m.nickname = ?1) DESC, m.id LIMIT ?3`,
    )
    .bind(query, prefix, limit)
    .all<MemberStanding>();
  return results;
}

/**
 * A warning reaches the member as a message from the staff member who gave it. Unlike a member's message it
 * passes the receiver's block list and the sender's rate: a member cannot stop staff's warnings reaching them.
 */
export function warningMessageStatement(db: D1Database, m: { staffId: number; memberId: number; content: string; at: number }): D1PreparedStatement {
  return db.prepare('INSERT INTO messages (sender_id, receiver_id, content, created_at) VALUES (?, ?, ?, ?)').bind(m.staffId, m.memberId, m.content, m.at);
}
