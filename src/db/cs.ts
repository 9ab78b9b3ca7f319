// Customer service tables (migration 0024): inquiries, reports, account change requests, their attachments,
// and the platform's posts with their words per language. Rows come back camelCase.

import type { PageRequest } from '../shared/paging';
import { pagedList } from './paging';
import { likeContaining } from '../shared/search-words';
import type { AccountChangeKind, CsPostKind, InquiryBoardType, ReportKind, ReportReason, ReportSource, ReportTargetType } from '../shared/cs-rules';

export type AttachmentOwner = 'inquiry' | 'report' | 'account-change';

/** Title words as a LIKE pattern (ESCAPE '\'), null for no search; the schemas hold the words to what D1 accepts. */
const containing = (words: string | undefined) => (words ? likeContaining(words) : null);

// ---- Attachments

export interface AttachmentRow {
  ownerRow: number;
  position: number;
  key: string;
  contentType: string;
  size: number;
}

/** Attach stored uploads to the row the same batch just wrote: `ownerRowSql` selects its id. */
export function insertAttachmentStatement(db: D1Database, owner: AttachmentOwner, ownerRowSql: string, ownerRowArg: number, position: number, key: string): D1PreparedStatement {
  return db.prepare(`INSERT INTO cs_attachments (owner_kind, owner_row, position, upload_key) VALUES (?, (${ownerRowSql}), ?, ?)`).bind(owner, ownerRowArg, position, key);
}

export async function attachmentsOf(db: D1Database, owner: AttachmentOwner, rows: number[]): Promise<AttachmentRow[]> {
  if (rows.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT a.owner_row AS ownerRow, a.position, a.upload_key AS key, u.content_type AS contentType, u.size
       FROM cs_attachments a JOIN uploads u ON u.key = a.upload_key
       WHERE a.owner_kind = ? AND a.owner_row IN (SELECT value FROM json_each(?)) ORDER BY a.owner_row, a.position`,
    )
    .bind(owner, JSON.stringify(rows))
    .all<AttachmentRow>();
  return results;
}

export function deleteAttachmentsStatement(db: D1Database, owner: AttachmentOwner, row: number): D1PreparedStatement {
  return db.prepare('DELETE FROM cs_attachments WHERE owner_kind = ? AND owner_row = ?').bind(owner, row);
}

/** The upload behind a private attachment, with who uploaded it. */
export function findAttachmentUpload(db: D1Database, key: string): Promise<{ key: string; ownerId: number; contentType: string } | null> {
  return db.prepare('SELECT u.key, u.owner_id AS ownerId, u.content_type AS contentType FROM cs_attachments a JOIN uploads u ON u.key = a.upload_key WHERE a.upload_key = ?').bind(key).first();
}

// ---- Inquiries

export interface InquiryRow {
  id: number;
  memberId: number;
  loginId: string;
  nickname: string;
  boardType: InquiryBoardType;
  categoryId: number;
  title: string;
  content: string;
  answer: string | null;
  answeredAt: number | null;
  createdAt: number;
}

const INQUIRY_COLUMNS = `i.id, i.member_id AS memberId, m.login_id AS loginId, m.nickname, i.board_type AS boardType, i.category_id AS categoryId,
  i.title, i.content, i.answer, i.answered_at AS answeredAt, i.created_at AS createdAt`;

export function insertInquiryStatement(
  db: D1Database,
  i: { memberId: number; boardType: InquiryBoardType; categoryId: number; title: string; content: string; createdAt: number },
): D1PreparedStatement {
  return db
    .prepare('INSERT INTO cs_inquiries (member_id, board_type, category_id, title, content, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(i.memberId, i.boardType, i.categoryId, i.title, i.content, i.createdAt);
}
/** The id of the member's newest inquiry: in the batch that wrote it, the one just written. */
export const NEWEST_INQUIRY_SQL = 'SELECT MAX(id) FROM cs_inquiries WHERE member_id = ?';

export interface InquiryFilter {
  /** null: everyone's (staff). */
  memberId: number | null;
  boardType?: InquiryBoardType;
  categoryId?: number;
  title?: string;
  /** open: not answered yet; handled: answered. */
  status?: 'open' | 'handled' | 'all';
}

export function listInquiries(db: D1Database, f: InquiryFilter, page: PageRequest): Promise<{ total: number; rows: InquiryRow[] }> {
  const where = `(?1 IS NULL OR i.member_id = ?1) AND (?2 IS NULL OR i.board_type = ?2) AND (?3 IS NULL OR i.category_id = ?3)
    AND (?4 IS NULL OR i.title LIKE ?4 ESCAPE '\\') AND (?5 = 'all' OR (?5 = 'open') = (i.answered_at IS NULL))`;
  const args = [f.memberId, f.boardType ?? null, f.categoryId ?? null, containing(f.title), f.status ?? 'all'];
  // Staff read the oldest waiting inquiry first; a member reads their newest first.
  const orderBy = f.memberId === null && f.status === 'open' ? 'i.id ASC' : 'i.id DESC';
  return pagedList<InquiryRow>(db, { columns: INQUIRY_COLUMNS, from: 'cs_inquiries i JOIN members m ON m.id = i.member_id', where, orderBy, params: args }, page);
}

export function findInquiry(db: D1Database, id: number): Promise<InquiryRow | null> {
  return db.prepare(`SELECT ${INQUIRY_COLUMNS} FROM cs_inquiries i JOIN members m ON m.id = i.member_id WHERE i.id = ?`).bind(id).first<InquiryRow>();
}

export function countRecentInquiries(db: D1Database, memberId: number, since: number): Promise<number> {
  return db
    .prepare('SELECT COUNT(*) AS n FROM cs_inquiries WHERE member_id = ? AND created_at > ?')
    .bind(memberId, since)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

/** The inquiry's row; throws (no row, so the batch stops) unless it is this member's. */
export function deleteInquiryStatement(db: D1Database, id: number, memberId: number): D1PreparedStatement {
  return db.prepare('DELETE FROM cs_inquiries WHERE id = ? AND member_id = ?').bind(id, memberId);
}

/** Answer (or replace the answer of) an inquiry, as a statement the audit row joins in one batch. */
export function answerInquiryStatement(db: D1Database, id: number, staffId: number, answer: string, now: number): D1PreparedStatement {
  return db.prepare('UPDATE cs_inquiries SET answer = ?, answered_by = ?, answered_at = ? WHERE id = ? RETURNING id').bind(answer, staffId, now, id);
}

// ---- Reports

export interface ReportRow {
  id: number;
  reporterId: number;
  reporterLoginId: string;
  reporterNickname: string;
  targetType: ReportTargetType;
  targetId: string;
  targetLoginId: string | null;
  targetNickname: string | null;
  reason: ReportReason;
  content: string;
  quote: string | null;
  status: 'open' | 'closed';
  createdAt: number;
}

const REPORT_COLUMNS = `r.id, r.reporter_id AS reporterId, rep.login_id AS reporterLoginId, rep.nickname AS reporterNickname, r.target_type AS targetType,
  r.target_id AS targetId, t.login_id AS targetLoginId, t.nickname AS targetNickname, r.reason, r.content, r.quote, r.status, r.created_at AS createdAt`;
const REPORT_FROM = 'cs_reports r JOIN members rep ON rep.id = r.reporter_id LEFT JOIN members t ON t.id = r.target_member_id';

export function insertReportStatement(
  db: D1Database,
  r: { reporterId: number; targetType: ReportTargetType; targetId: string; targetMemberId: number | null; reason: ReportReason; content: string; quote: string | null; createdAt: number },
): D1PreparedStatement {
  return db
    .prepare('INSERT INTO cs_reports (reporter_id, target_type, target_id, target_member_id, reason, content, quote, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(r.reporterId, r.targetType, r.targetId, r.targetMemberId, r.reason, r.content, r.quote, r.createdAt);
}
export const NEWEST_REPORT_SQL = 'SELECT MAX(id) FROM cs_reports WHERE reporter_id = ?';

/** The reporter's newest report of ours (the one just filed). */
export function newestReportOf(db: D1Database, reporterId: number): Promise<ReportRow | null> {
  return db.prepare(`SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = (${NEWEST_REPORT_SQL})`).bind(reporterId).first<ReportRow>();
}

/** A member's own report: ours, or a message they reported from their inbox (migration 0018). */
export interface MemberReportRow extends Omit<ReportRow, 'targetType' | 'reporterId' | 'reporterLoginId' | 'reporterNickname'> {
  source: ReportSource;
  targetType: ReportKind;
}

/**
 * Every report the member made, newest first: both tables, as staff's list has them. A message report's target is
 * the sender, its quote the words reported, its content the reporter's own words (reason 'other').
 */
export function listReportsOf(db: D1Database, reporterId: number, page: PageRequest): Promise<{ total: number; rows: MemberReportRow[] }> {
  const union = `SELECT 'cs' AS source, r.id, r.target_type AS targetType, r.target_id AS targetId, t.login_id AS targetLoginId, t.nickname AS targetNickname,
      r.reason, r.content, r.quote, r.status, r.created_at AS createdAt
    FROM cs_reports r LEFT JOIN members t ON t.id = r.target_member_id WHERE r.reporter_id = ?1
    UNION ALL
    SELECT 'message', r.id, 'message', CAST(r.message_id AS TEXT), s.login_id, s.nickname, 'other', COALESCE(r.reason, ''), r.content, r.status, r.created_at
    FROM message_reports r JOIN members s ON s.id = r.sender_id WHERE r.reporter_id = ?1`;
  return pagedList<MemberReportRow>(db, { columns: '*', from: `(${union})`, orderBy: 'createdAt DESC, source, id DESC', params: [reporterId] }, page);
}

export function findReport(db: D1Database, id: number): Promise<ReportRow | null> {
  return db.prepare(`SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = ?`).bind(id).first<ReportRow>();
}

export function countRecentReports(db: D1Database, reporterId: number, since: number): Promise<number> {
  return db
    .prepare('SELECT COUNT(*) AS n FROM cs_reports WHERE reporter_id = ? AND created_at > ?')
    .bind(reporterId, since)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

export function deleteReportStatement(db: D1Database, id: number, reporterId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM cs_reports WHERE id = ? AND reporter_id = ? AND status = 'open'").bind(id, reporterId);
}

/** Staff's list: our reports and message reports (migration 0018) together, newest first. */
export interface StaffReportRow {
  source: 'cs' | 'message';
  id: number;
  targetType: string;
  targetId: string;
  targetLoginId: string | null;
  targetNickname: string | null;
  reporterLoginId: string;
  reporterNickname: string;
  reason: string;
  content: string;
  quote: string | null;
  status: 'open' | 'closed';
  createdAt: number;
}

export function listAllReports(db: D1Database, status: 'open' | 'handled' | 'all', page: PageRequest): Promise<{ total: number; rows: StaffReportRow[] }> {
  const union = `SELECT 'cs' AS source, r.id, r.target_type AS targetType, r.target_id AS targetId, t.login_id AS targetLoginId, t.nickname AS targetNickname,
      rep.login_id AS reporterLoginId, rep.nickname AS reporterNickname, r.reason, r.content, r.quote, r.status, r.created_at AS createdAt
    FROM ${REPORT_FROM}
    UNION ALL
    SELECT 'message', r.id, 'message', CAST(r.message_id AS TEXT), s.login_id, s.nickname, rep.login_id, rep.nickname, COALESCE(r.reason, ''), '', r.content, r.status, r.created_at
    FROM message_reports r JOIN members rep ON rep.id = r.reporter_id JOIN members s ON s.id = r.sender_id`;
  const where = "(?1 = 'all' OR (?1 = 'open') = (status = 'open'))";
  return pagedList<StaffReportRow>(db, { columns: '*', from: `(${union})`, where, orderBy: 'createdAt DESC, id DESC', params: [status] }, page);
}

/** Close a report, as a statement a sanction joins to its batch. */
export function closeReportStatement(db: D1Database, source: 'cs' | 'message', id: number, staffId: number, now: number): D1PreparedStatement {
  if (source === 'message') return db.prepare("UPDATE message_reports SET status = 'closed' WHERE id = ? RETURNING id").bind(id);
  return db.prepare("UPDATE cs_reports SET status = 'closed', handled_by = ?, handled_at = ? WHERE id = ? RETURNING id").bind(staffId, now, id);
}

/** Whom a report names (null when it names no member: a board post of a guest) and whether it is still open. */
export function reportSubject(db: D1Database, source: 'cs' | 'message', id: number): Promise<{ memberId: number | null; status: 'open' | 'closed' } | null> {
  const sql = source === 'message' ? 'SELECT sender_id AS memberId, status FROM message_reports WHERE id = ?' : 'SELECT target_member_id AS memberId, status FROM cs_reports WHERE id = ?';
  return db.prepare(sql).bind(id).first();
}

export interface ReportAboutRow {
  source: 'cs' | 'message';
  id: number;
  reason: string;
  content: string;
  quote: string | null;
  status: 'open' | 'closed';
  createdAt: number;
  reporter: string;
}

/** The newest reports naming a member (of their channel, chat lines, board posts, themselves or their messages). */
export async function reportsAbout(db: D1Database, memberId: number, limit: number): Promise<ReportAboutRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT 'cs' AS source, r.id, r.reason, r.content, r.quote, r.status, r.created_at AS createdAt, rep.login_id AS reporter
         FROM cs_reports r JOIN members rep ON rep.id = r.reporter_id WHERE r.target_member_id = ?1
         UNION ALL
         SELECT 'message', r.id, COALESCE(r.reason, ''), '', r.content, r.status, r.created_at, rep.login_id
         FROM message_reports r JOIN members rep ON rep.id = r.reporter_id WHERE r.sender_id = ?1
       ) ORDER BY createdAt DESC, id DESC LIMIT ?2`,
    )
    .bind(memberId, limit)
    .all<ReportAboutRow>();
  return results;
}

// ---- Account change requests

export interface AccountChangeRow {
  id: number;
  memberId: number;
  loginId: string;
  nickname: string;
  kind: AccountChangeKind;
  content: string;
  status: 'open' | 'done' | 'rejected';
  note: string | null;
  createdAt: number;
  handledAt: number | null;
}

const CHANGE_COLUMNS = `c.id, c.member_id AS memberId, m.login_id AS loginId, m.nickname, c.kind, c.content, c.status, c.note,
  c.created_at AS createdAt, c.handled_at AS handledAt`;

export function insertAccountChangeStatement(db: D1Database, r: { memberId: number; kind: AccountChangeKind; content: string; createdAt: number }): D1PreparedStatement {
  return db.prepare('INSERT INTO cs_account_changes (member_id, kind, content, created_at) VALUES (?, ?, ?, ?)').bind(r.memberId, r.kind, r.content, r.createdAt);
}
export const NEWEST_ACCOUNT_CHANGE_SQL = 'SELECT MAX(id) FROM cs_account_changes WHERE member_id = ?';

export async function listAccountChanges(db: D1Database, memberId: number | null, status: 'open' | 'handled' | 'all', page: PageRequest): Promise<{ total: number; rows: AccountChangeRow[] }> {
  const where = "(?1 IS NULL OR c.member_id = ?1) AND (?2 = 'all' OR (?2 = 'open') = (c.status = 'open'))";
  return pagedList<AccountChangeRow>(db, { columns: CHANGE_COLUMNS, from: 'cs_account_changes c JOIN members m ON m.id = c.member_id', where, orderBy: 'c.id DESC', params: [memberId, status] }, page);
}

export function countRecentAccountChanges(db: D1Database, memberId: number, since: number): Promise<number> {
  return db
    .prepare('SELECT COUNT(*) AS n FROM cs_account_changes WHERE member_id = ? AND created_at > ?')
    .bind(memberId, since)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

export function decideAccountChange(db: D1Database, id: number, status: 'done' | 'rejected', note: string | null, staffId: number, now: number): Promise<{ id: number } | null> {
  return db.prepare("UPDATE cs_account_changes SET status = ?, note = ?, handled_by = ?, handled_at = ? WHERE id = ? AND status = 'open' RETURNING id").bind(status, note, staffId, now, id).first();
}

// ---- Platform posts

export interface CsPostRow {
  id: number;
  kind: CsPostKind;
  locale: string;
  title: string;
  body: string;
  createdAt: number;
  updatedAt: number;
}

/** Each post in one language: the caller's (?1), else Korean, else the first there is. */
const POST_COLUMNS = 'p.id, p.kind, t.locale, t.title, t.body, p.created_at AS createdAt, p.updated_at AS updatedAt';
const POST_FROM = `cs_posts p JOIN cs_post_texts t ON t.post_id = p.id AND t.locale = (
    SELECT locale FROM cs_post_texts WHERE post_id = p.id ORDER BY locale = ?1 DESC, locale = 'ko' DESC, locale LIMIT 1)`;
const POST_SELECT = `SELECT ${POST_COLUMNS} FROM ${POST_FROM}`;

export function listPosts(db: D1Database, kind: CsPostKind, locale: string, title: string | undefined, page: PageRequest): Promise<{ total: number; rows: CsPostRow[] }> {
  const where = "p.kind = ?2 AND (?3 IS NULL OR t.title LIKE ?3 ESCAPE '\\')";
  return pagedList<CsPostRow>(db, { columns: POST_COLUMNS, from: POST_FROM, where, orderBy: 'p.id DESC', params: [locale, kind, containing(title)] }, page);
}

export function findPost(db: D1Database, id: number, locale: string): Promise<CsPostRow | null> {
  return db.prepare(`${POST_SELECT} WHERE p.id = ?2`).bind(locale, id).first<CsPostRow>();
}

/** A new post with its first language, in one batch; answers its id. */
export async function insertPost(db: D1Database, p: { kind: CsPostKind; authorId: number; locale: string; title: string; body: string; now: number }): Promise<number> {
  const [inserted] = await db.batch([
    db.prepare('INSERT INTO cs_posts (kind, author_id, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id').bind(p.kind, p.authorId, p.now, p.now),
    db.prepare('INSERT INTO cs_post_texts (post_id, locale, title, body) VALUES ((SELECT MAX(id) FROM cs_posts WHERE author_id = ?), ?, ?, ?)').bind(p.authorId, p.locale, p.title, p.body),
  ]);
  return (inserted!.results[0] as { id: number }).id;
}

/** Add or replace one language of a post of this kind; null when there is no such post. */
export async function upsertPostText(db: D1Database, p: { postId: number; kind: CsPostKind; locale: string; title: string; body: string; now: number }): Promise<number | null> {
  const touched = await db.prepare('UPDATE cs_posts SET updated_at = ? WHERE id = ? AND kind = ? RETURNING id').bind(p.now, p.postId, p.kind).first<{ id: number }>();
  if (!touched) return null;
  await db
    .prepare('INSERT INTO cs_post_texts (post_id, locale, title, body) VALUES (?, ?, ?, ?) ON CONFLICT (post_id, locale) DO UPDATE SET title = excluded.title, body = excluded.body')
    .bind(p.postId, p.locale, p.title, p.body)
    .run();
  return p.postId;
}

export function deletePost(db: D1Database, id: number): Promise<{ id: number } | null> {
  return db.prepare('DELETE FROM cs_posts WHERE id = ? RETURNING id').bind(id).first();
}
