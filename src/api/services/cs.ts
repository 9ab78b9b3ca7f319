// Customer service (docs/product/community.md, "Customer service"): a member's inquiries, reports (declarations) and
// account change requests, with attached files; staff answer and close them. Every member-facing read and
// delete is of the member's own rows: another member's id answers 404, the same as a missing one.
// Files pass the upload module and stay private (their own route serves them to the writer and staff).

import { findPost as findBoardPost } from '../../db/board';
import { CS_LIMITS, type CsPostKind, csAttachmentUrl } from '../../shared/cs-rules';
import type {
  AccountChange,
  AccountChangeForm,
  AccountChangeList,
  CsAttachment,
  CsPost,
  CsPostList,
  CsPostWrite,
  DeclarationForm,
  Inquiry,
  InquiryList,
  InquiryWriteForm,
  Report,
  ReportList,
  StaffReportList,
} from '../../shared/cs-schemas';
import type { Locale } from '../../shared/locales';
import type { ListResponse, PageRequest } from '../../shared/paging';
import { Refusal } from '../../lib/errors';
import { auditStatement } from '../../db/staff-audit';
import {
  NEWEST_ACCOUNT_CHANGE_SQL,
  NEWEST_INQUIRY_SQL,
  NEWEST_REPORT_SQL,
  answerInquiryStatement,
  attachmentsOf,
  closeReportStatement,
  reportSubject,
  countRecentAccountChanges,
  countRecentInquiries,
  countRecentReports,
  decideAccountChange,
  deleteAttachmentsStatement,
  deletePost,
  findAttachmentUpload,
  deleteInquiryStatement,
  deleteReportStatement,
  findInquiry,
  findPost,
  findReport,
  insertAccountChangeStatement,
  insertAttachmentStatement,
  insertInquiryStatement,
  insertPost,
  insertReportStatement,
  listAccountChanges,
  listAllReports,
  listInquiries,
  listPosts,
  listReportsOf,
  newestReportOf,
  upsertPostText,
  type AccountChangeRow,
  type AttachmentOwner,
  type AttachmentRow,
  type InquiryFilter,
  type InquiryRow,
  type MemberReportRow,
} from '../../db/cs';
import { findChannel } from '../../db/channels';
import { findMemberByLoginId } from '../../db/members';
import { checkUpload, discardUploads, openUpload, storeUpload, type UploadFile } from './uploads';

const HOUR = 60 * 60 * 1000;
/** What a customer service file may be: an image or a PDF (a document). */
const ATTACHMENT_TYPES = ['jpeg', 'png', 'gif', 'webp', 'pdf'] as const;

const notFound = (code: string, key: string) => new Refusal(404, code, key);
const inquiryNotFound = () => notFound('INQUIRY_NOT_FOUND', 'cs.errors.inquiryNotFound');
const reportNotFound = () => notFound('REPORT_NOT_FOUND', 'cs.errors.reportNotFound');

// ---- Attachments

/**
 * Check every file (nothing is stored if one is refused), store them, then write the row and its
 * attachments in one batch. A batch that fails takes its files with it.
 */
async function writeWithFiles(env: Env, memberId: number, owner: AttachmentOwner, files: UploadFile[], row: D1PreparedStatement, newestRowSql: string): Promise<void> {
  if (files.length > CS_LIMITS.attachments) throw new Refusal(400, 'TOO_MANY_FILES', 'cs.errors.tooManyFiles', { files: 'cs.errors.tooManyFiles' });
  const checked = [];
  for (const file of files) {
    try {
      checked.push(await checkUpload(file, ATTACHMENT_TYPES));
    } catch (err) {
      // The upload module's words for a wrong type name images only; these may be PDF too.
      if (err instanceof Refusal && err.code === 'UPLOAD_TYPE') throw new Refusal(415, 'UPLOAD_TYPE', 'cs.errors.fileType');
      throw err;
    }
  }
  const keys: string[] = [];
  for (const c of checked) keys.push((await storeUpload(env, memberId, `cs-${owner}`, c)).key);
  try {
    await env.DB.batch([row, ...keys.map((key, position) => insertAttachmentStatement(env.DB, owner, newestRowSql, memberId, position, key))]);
  } catch (err) {
    await discardUploads(env, keys);
    throw err;
  }
}

function attachmentView(a: AttachmentRow): CsAttachment {
  return { key: a.key, url: csAttachmentUrl(a.key), contentType: a.contentType, size: a.size };
}

async function attachmentsByRow(db: D1Database, owner: AttachmentOwner, rows: number[]): Promise<Map<number, CsAttachment[]>> {
  const byRow = new Map<number, CsAttachment[]>();
  for (const a of await attachmentsOf(db, owner, rows)) byRow.set(a.ownerRow, [...(byRow.get(a.ownerRow) ?? []), attachmentView(a)]);
  return byRow;
}

/** Rows as answers, each with its files (read for all the rows at once). */
async function withFiles<R extends { id: number }, V>(db: D1Database, owner: AttachmentOwner, rows: R[], view: (row: R, files: CsAttachment[]) => V): Promise<V[]> {
  const files = await attachmentsByRow(
    db,
    owner,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, files.get(r.id) ?? []));
}

/** A page of a list as answered: the page asked for, the total, and the rows with their files. */
async function pageWithFiles<R extends { id: number }, V>(
  db: D1Database,
  owner: AttachmentOwner,
  page: PageRequest,
  listed: { total: number; rows: R[] },
  view: (row: R, files: CsAttachment[]) => V,
): Promise<ListResponse<V>> {
  return { offset: page.offset, limit: page.limit, total: listed.total, items: await withFiles(db, owner, listed.rows, view) };
}

/** Delete a row and its attachments in one batch, then the files. */
async function deleteWithFiles(env: Env, owner: AttachmentOwner, rowId: number, deleteRow: D1PreparedStatement): Promise<void> {
  const keys = (await attachmentsOf(env.DB, owner, [rowId])).map((a) => a.key);
  await env.DB.batch([deleteAttachmentsStatement(env.DB, owner, rowId), deleteRow]);
  await discardUploads(env, keys);
}

/** A private attachment, for the member who uploaded it or staff; null (404) for anyone else. */
export async function openAttachment(env: Env, key: string, reader: { memberId: number; staff: boolean }) {
  const row = await findAttachmentUpload(env.DB, key);
  if (!row || (row.ownerId !== reader.memberId && !reader.staff)) return null;
  return openUpload(env, key, 'cs');
}

async function underHourlyLimit(count: Promise<number>, max: number): Promise<void> {
  if ((await count) >= max) throw new Refusal(429, 'CS_RATE_LIMITED', 'cs.errors.rateLimited');
}

// ---- Inquiries

function inquiryView(row: InquiryRow, attachments: CsAttachment[]): Inquiry {
  return {
    id: row.id,
    boardType: row.boardType,
    categoryId: row.categoryId,
    title: row.title,
    content: row.content,
    status: row.answeredAt === null ? 'waiting' : 'answered',
    answer: row.answer,
    answeredAt: row.answeredAt,
    createdAt: row.createdAt,
    attachments,
    member: { loginId: row.loginId, nickname: row.nickname },
  };
}

export async function writeInquiry(env: Env, memberId: number, form: InquiryWriteForm, now = Date.now()): Promise<Inquiry> {
  await underHourlyLimit(countRecentInquiries(env.DB, memberId, now - HOUR), CS_LIMITS.inquiriesPerHour);
  const row = insertInquiryStatement(env.DB, { memberId, boardType: form.boardType, categoryId: form.categoryId, title: form.title, content: form.content, createdAt: now });
  await writeWithFiles(env, memberId, 'inquiry', form.files, row, NEWEST_INQUIRY_SQL);
  return (await inquiryList(env.DB, { memberId, offset: 0, limit: 1 })).items[0]!;
}

export async function inquiryList(db: D1Database, filter: InquiryFilter & PageRequest): Promise<InquiryList> {
  return pageWithFiles(db, 'inquiry', filter, await listInquiries(db, filter, filter), inquiryView);
}

/** One inquiry, for its writer or staff; anyone else gets the 404 a missing one gets. */
export async function inquiryFor(db: D1Database, id: number, reader: { memberId: number; staff: boolean }): Promise<Inquiry> {
  const row = await findInquiry(db, id);
  if (!row || (row.memberId !== reader.memberId && !reader.staff)) throw inquiryNotFound();
  return (await withFiles(db, 'inquiry', [row], inquiryView))[0]!;
}

export async function deleteInquiry(env: Env, memberId: number, id: number): Promise<{ id: number; deleted: true }> {
  const row = await findInquiry(env.DB, id);
  if (!row || row.memberId !== memberId) throw inquiryNotFound();
  await deleteWithFiles(env, 'inquiry', id, deleteInquiryStatement(env.DB, id, memberId));
  return { id, deleted: true };
}

/** Answer an inquiry; the answer and its audit row (the answer before and after) commit in one batch. */
export async function answer(db: D1Database, staffId: number, id: number, text: string, now = Date.now()): Promise<Inquiry> {
  const row = await findInquiry(db, id);
  if (!row) throw inquiryNotFound();
  await db.batch([
    answerInquiryStatement(db, id, staffId, text, now),
    auditStatement(db, { actorId: staffId, action: 'inquiry.answer', targetType: 'inquiry', targetId: id, before: { answer: row.answer }, after: { answer: text } }, now),
  ]);
  return inquiryFor(db, id, { memberId: staffId, staff: true });
}

// ---- Reports (declarations)

function reportView(row: MemberReportRow, attachments: CsAttachment[]): Report {
  return {
    source: row.source,
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    target: row.targetLoginId && row.targetNickname ? { loginId: row.targetLoginId, nickname: row.targetNickname } : null,
    reason: row.reason,
    content: row.content,
    quote: row.quote,
    status: row.status,
    createdAt: row.createdAt,
    attachments,
  };
}

const targetNotFound = () => new Refusal(404, 'REPORT_TARGET_NOT_FOUND', 'cs.errors.targetNotFound');

/** The member a report is about: a channel's creator, a board post's author, a chat line's writer, the member named. */
async function reportedMember(db: D1Database, form: DeclarationForm): Promise<{ targetId: string; memberId: number | null }> {
  if (form.targetType === 'channel' || form.targetType === 'board') {
    if (!/^[1-9]\d{0,14}$/.test(form.targetId)) throw targetNotFound();
    if (form.targetType === 'board') {
      // A post of a channel's board: its author is who the report is about.
      const post = await findBoardPost(db, Number(form.targetId));
      if (!post) throw targetNotFound();
      return { targetId: String(post.boardId), memberId: post.authorId };
    }
    const channel = await findChannel(db, Number(form.targetId));
    if (!channel) throw targetNotFound();
    return { targetId: String(channel.id), memberId: channel.ownerId };
  }
  const member = await findMemberByLoginId(db, form.targetId);
  if (!member) throw targetNotFound();
  return { targetId: member.loginId, memberId: member.id };
}

export async function fileReport(env: Env, reporterId: number, form: DeclarationForm, now = Date.now()): Promise<Report> {
  const target = await reportedMember(env.DB, form);
  if (target.memberId === reporterId) throw new Refusal(400, 'REPORT_SELF', 'cs.errors.reportSelf');
  if (form.targetType === 'chat' && !form.quote) throw new Refusal(400, 'BAD_REQUEST', 'cs.errors.quoteMissing', { quote: 'cs.errors.quoteMissing' });
  await underHourlyLimit(countRecentReports(env.DB, reporterId, now - HOUR), CS_LIMITS.reportsPerHour);
  const row = insertReportStatement(env.DB, {
    reporterId,
    targetType: form.targetType,
    targetId: target.targetId,
    targetMemberId: target.memberId,
    reason: form.reason,
    content: form.content ?? '',
    quote: form.targetType === 'chat' ? (form.quote ?? null) : null,
    createdAt: now,
  });
  await writeWithFiles(env, reporterId, 'report', form.files, row, NEWEST_REPORT_SQL);
  const filed = (await newestReportOf(env.DB, reporterId))!;
  return (await withFiles(env.DB, 'report', [filed], (r, files) => reportView({ ...r, source: 'cs' }, files)))[0]!;
}

/** The member's reports of every kind, messages included. */
export async function reportList(db: D1Database, reporterId: number, page: PageRequest): Promise<ReportList> {
  const { total, rows } = await listReportsOf(db, reporterId, page);
  // Files are our reports' only: a message report's id may be one of theirs.
  const files = await attachmentsByRow(
    db,
    'report',
    rows.filter((r) => r.source === 'cs').map((r) => r.id),
  );
  return { offset: page.offset, limit: page.limit, total, items: rows.map((r) => reportView(r, r.source === 'cs' ? (files.get(r.id) ?? []) : [])) };
}

/** The reporter withdraws an open report; a handled one stays (409). */
export async function withdrawReport(env: Env, reporterId: number, id: number): Promise<{ id: number; deleted: true }> {
  const row = await findReport(env.DB, id);
  if (!row || row.reporterId !== reporterId) throw reportNotFound();
  if (row.status !== 'open') throw new Refusal(409, 'REPORT_HANDLED', 'cs.errors.reportHandled');
  await deleteWithFiles(env, 'report', id, deleteReportStatement(env.DB, id, reporterId));
  return { id, deleted: true };
}

export async function staffReports(db: D1Database, status: 'open' | 'handled' | 'all', page: PageRequest): Promise<StaffReportList> {
  const { total, rows } = await listAllReports(db, status, page);
  const files = await attachmentsByRow(
    db,
    'report',
    rows.filter((r) => r.source === 'cs').map((r) => r.id),
  );
  return {
    ...page,
    total,
    items: rows.map((r) => ({
      source: r.source,
      id: r.id,
      targetType: r.targetType as StaffReportList['items'][number]['targetType'],
      targetId: r.targetId,
      target: r.targetLoginId && r.targetNickname ? { loginId: r.targetLoginId, nickname: r.targetNickname } : null,
      reporter: { loginId: r.reporterLoginId, nickname: r.reporterNickname },
      reason: r.reason,
      content: r.content,
      quote: r.quote,
      status: r.status,
      createdAt: r.createdAt,
      attachments: r.source === 'cs' ? (files.get(r.id) ?? []) : [],
    })),
  };
}

/** Mark a report handled; the change and its audit row commit in one batch. */
export async function closeAnyReport(db: D1Database, staffId: number, source: 'cs' | 'message', id: number, now = Date.now()) {
  const subject = await reportSubject(db, source, id);
  if (!subject) throw reportNotFound();
  await db.batch([
    closeReportStatement(db, source, id, staffId, now),
    auditStatement(db, { actorId: staffId, action: 'report.close', targetType: `report.${source}`, targetId: id, before: { status: subject.status }, after: { status: 'closed' } }, now),
  ]);
  return { source, id, status: 'closed' as const };
}

// ---- Account change requests

function changeView(row: AccountChangeRow, attachments: CsAttachment[]): AccountChange {
  return {
    id: row.id,
    kind: row.kind,
    content: row.content,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt,
    handledAt: row.handledAt,
    attachments,
    member: { loginId: row.loginId, nickname: row.nickname },
  };
}

export async function requestAccountChange(env: Env, memberId: number, form: AccountChangeForm, now = Date.now()): Promise<AccountChange> {
  await underHourlyLimit(countRecentAccountChanges(env.DB, memberId, now - HOUR), CS_LIMITS.inquiriesPerHour);
  const row = insertAccountChangeStatement(env.DB, { memberId, kind: form.kind, content: form.content, createdAt: now });
  await writeWithFiles(env, memberId, 'account-change', form.files, row, NEWEST_ACCOUNT_CHANGE_SQL);
  return (await accountChangeList(env.DB, memberId, 'all', { offset: 0, limit: 1 })).items[0]!;
}

export async function accountChangeList(db: D1Database, memberId: number | null, status: 'open' | 'handled' | 'all', page: PageRequest): Promise<AccountChangeList> {
  return pageWithFiles(db, 'account-change', page, await listAccountChanges(db, memberId, status, page), changeView);
}

export async function decideChange(
  db: D1Database,
  staffId: number,
  id: number,
  status: 'done' | 'rejected',
  note: string | undefined,
  now = Date.now(),
): Promise<{ id: number; status: 'done' | 'rejected' }> {
  if (!(await decideAccountChange(db, id, status, note || null, staffId, now))) throw new Refusal(404, 'ACCOUNT_CHANGE_NOT_FOUND', 'cs.errors.changeNotFound');
  return { id, status };
}

// ---- Platform posts

const postView = (row: CsPost): CsPost => ({ id: row.id, kind: row.kind, locale: row.locale, title: row.title, body: row.body, createdAt: row.createdAt, updatedAt: row.updatedAt });

export async function postList(db: D1Database, kind: CsPostKind, locale: Locale, query: PageRequest & { title?: string }): Promise<CsPostList> {
  const { total, rows } = await listPosts(db, kind, locale, query.title, query);
  return { offset: query.offset, limit: query.limit, total, items: rows.map((r) => postView(r as CsPost)) };
}

export async function post(db: D1Database, id: number, locale: Locale): Promise<CsPost> {
  const row = await findPost(db, id, locale);
  if (!row) throw new Refusal(404, 'POST_NOT_FOUND', 'cs.errors.postNotFound');
  return postView(row as CsPost);
}

export async function writePost(db: D1Database, staffId: number, form: CsPostWrite, now = Date.now()): Promise<CsPost> {
  const id =
    form.postId === undefined
      ? await insertPost(db, { kind: form.kind, authorId: staffId, locale: form.locale, title: form.title, body: form.body, now })
      : await upsertPostText(db, { postId: form.postId, kind: form.kind, locale: form.locale, title: form.title, body: form.body, now });
  if (id === null) throw new Refusal(404, 'POST_NOT_FOUND', 'cs.errors.postNotFound');
  return post(db, id, form.locale);
}

export async function removePost(db: D1Database, id: number): Promise<{ id: number; deleted: true }> {
  if (!(await deletePost(db, id))) throw new Refusal(404, 'POST_NOT_FOUND', 'cs.errors.postNotFound');
  return { id, deleted: true };
}
