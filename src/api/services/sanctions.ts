import { Refusal } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { auditStatement, listStaffAudit } from '../../db/staff-audit';
import { closeReportStatement, reportSubject, reportsAbout } from '../../db/cs';
import { findMemberByLoginId } from '../../db/members';
import { listMemberPayments } from '../../db/payments';
import { revokeMemberStatements } from '../../db/sessions';
import { unreadCount } from '../../db/messages';
import {
  FOREVER,
  findMembersForStaff,
  findSanction,
  insertSanctionStatement,
  liftSanctionStatement,
  newestSanctionStatement,
  sanctionsOf,
  standingOfMember,
  warningMessageStatement,
  type MemberStanding,
  type SanctionRow,
} from '../../db/sanctions';
import { notifyMember } from '../../inbox';
import { STAFF, standingOf } from '../../shared/chat-permissions';
import type { MemberRole } from '../../shared/chat-protocol';
import { STAFF_LOOKUP_LIMIT, type AuditList, type MemberLookup, type MemberSummary, type Sanction, type SanctionRequest, type SanctionResponse, type Standing } from '../../shared/sanction-schemas';

/**
 * Staff's sanctions on a member. Invariants:
 * - a sanction, what it changes (sessions ended, the report closed, the warning delivered) and its audit row are
 *   one batch: all of them or none;
 * - standing is read from the sanctions in force wherever it is obeyed (src/db/sanctions.ts), so it applies at once
 *   and a suspension or mute ends by itself; lifting one is a row's lifted_at, never a deletion;
 * - staff (P and O) are not sanctioned from here, nor is anyone by themselves: their role is changed first.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RECENT = 20;

const memberNotFound = () => new Refusal(404, 'MEMBER_NOT_FOUND', 'staff.errors.memberNotFound');

function view(row: SanctionRow, now: number): Sanction {
  return {
    id: row.id,
    member: { loginId: row.loginId, nickname: row.nickname },
    kind: row.kind,
    reason: row.reason,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    by: row.staffLoginId,
    report: row.reportSource && row.reportId ? { source: row.reportSource, id: row.reportId } : null,
    liftedAt: row.liftedAt,
    liftedBy: row.liftedByLoginId,
    inForce: row.kind !== 'warn' && row.liftedAt === null && row.startsAt <= now && (row.endsAt === null || row.endsAt > now),
  };
}

/** What the member may do now. */
export async function standingNow(db: D1Database, memberId: number): Promise<Standing> {
  const row = await standingOfMember(db, memberId);
  return standingFrom(row?.barredUntil ?? null, row?.mutedUntil ?? null);
}

function standingFrom(barredUntil: number | null, mutedUntil: number | null): Standing {
  const blocked = barredUntil === FOREVER;
  return { blocked, suspendedUntil: blocked ? null : barredUntil, mutedUntil };
}

function endOf(input: SanctionRequest, now: number): number | null {
  if (input.kind === 'mute') return now + input.hours * HOUR_MS;
  if (input.kind === 'suspend') return now + input.days * DAY_MS;
  return null;
}

/**
 * Put a sanction on a member, from a report or from the lookup. A warning arrives in their messages; a suspension or
 * block ends every session they have (a refresh is refused, and access tokens with it); a mute refuses their words
 * in every room; a report given is closed with it.
 */
export async function sanction(env: Env, staffId: number, input: SanctionRequest, t: Translate, now = Date.now()): Promise<SanctionResponse> {
  const db = env.DB;
  const member = await findMemberByLoginId(db, input.loginId);
  if (!member) throw memberNotFound();
  if (member.id === staffId) throw new Refusal(400, 'SELF_SANCTION', 'staff.errors.self');
  const role = (await db.prepare('SELECT role FROM members WHERE id = ?').bind(member.id).first<{ role: MemberRole }>())!.role;
  if (standingOf(role, null) === STAFF) throw new Refusal(403, 'STAFF_TARGET', 'staff.errors.staffTarget');
  if (input.report) {
    const subject = await reportSubject(db, input.report.source, input.report.id);
    if (!subject) throw new Refusal(404, 'REPORT_NOT_FOUND', 'cs.errors.reportNotFound');
    if (subject.status !== 'open') throw new Refusal(409, 'REPORT_HANDLED', 'cs.errors.reportHandled');
    if (subject.memberId !== member.id) throw new Refusal(400, 'REPORT_MISMATCH', 'staff.errors.reportMismatch');
  }
  const before = await standingNow(db, member.id);
  const endsAt = endOf(input, now);
  const report = input.report ?? null;
  const statements: D1PreparedStatement[] = [
    insertSanctionStatement(db, { memberId: member.id, kind: input.kind, reason: input.reason, startsAt: now, endsAt, staffId, report }),
    auditStatement(
      db,
      { actorId: staffId, action: `member.${input.kind}`, targetType: 'member', targetId: member.loginId, before, after: { kind: input.kind, endsAt, reason: input.reason, report } },
      now,
    ),
  ];
  if (report) {
    statements.push(
      closeReportStatement(db, report.source, report.id, staffId, now),
      auditStatement(
        db,
        { actorId: staffId, action: 'report.close', targetType: `report.${report.source}`, targetId: report.id, before: { status: 'open' }, after: { status: 'closed', sanction: input.kind } },
        now,
      ),
    );
  }
  if (input.kind === 'suspend' || input.kind === 'block') statements.push(...revokeMemberStatements(db, member.id, now));
  if (input.kind === 'warn') statements.push(warningMessageStatement(db, { staffId, memberId: member.id, content: t('staff.warning.message', { reason: input.reason }), at: now }));
  statements.push(newestSanctionStatement(db, member.id, staffId));
  const results = await db.batch<SanctionRow>(statements);
  const row = results.at(-1)!.results[0]!;
  if (input.kind === 'warn') await notifyMember(env, member.id, { type: 'unread', unread: await unreadCount(db, member.id) });
  return { sanction: view(row, now), standing: await standingNow(db, member.id) };
}

/** End a sanction before its time (a warning is a record and stays). */
export async function liftSanction(db: D1Database, staffId: number, id: number, now = Date.now()): Promise<SanctionResponse> {
  const row = await findSanction(db, id);
  if (!row) throw new Refusal(404, 'SANCTION_NOT_FOUND', 'staff.errors.sanctionNotFound');
  if (row.kind === 'warn') throw new Refusal(409, 'NOT_LIFTABLE', 'staff.errors.notLiftable');
  if (row.liftedAt !== null) throw new Refusal(409, 'SANCTION_LIFTED', 'staff.errors.lifted');
  const [lifted] = await db.batch([
    liftSanctionStatement(db, id, staffId, now),
    auditStatement(
      db,
      {
        actorId: staffId,
        action: `member.${row.kind}.lift`,
        targetType: 'member',
        targetId: row.loginId,
        before: { sanction: id, endsAt: row.endsAt, liftedAt: null },
        after: { sanction: id, liftedAt: now },
      },
      now,
    ),
  ]);
  if (lifted!.meta.changes === 0) throw new Refusal(409, 'SANCTION_LIFTED', 'staff.errors.lifted');
  return { sanction: view((await findSanction(db, id))!, now), standing: await standingNow(db, row.memberId) };
}

function summary(m: MemberStanding): MemberSummary {
  return {
    loginId: m.loginId,
    nickname: m.nickname,
    role: m.role,
    standing: standingFrom(m.barredUntil, m.mutedUntil),
    createdAt: m.createdAt * 1000,
    lastLoginAt: m.lastLoginAt,
  };
}

/** Members by login ID or nickname (or their start); the exact one in full: sanctions, payments, reports about them. */
export async function lookUpMember(db: D1Database, q: string, now = Date.now()): Promise<MemberLookup> {
  const found = await findMembersForStaff(db, q, STAFF_LOOKUP_LIMIT);
  const exact = found.find((m) => m.loginId.toLowerCase() === q.toLowerCase() || m.nickname === q);
  if (!exact) return { matches: found.map(summary), member: null };
  const [sanctions, payments, reports, standing] = await Promise.all([
    sanctionsOf(db, exact.id, RECENT),
    listMemberPayments(db, exact.id, 0, { offset: 0, limit: RECENT }),
    reportsAbout(db, exact.id, RECENT),
    standingNow(db, exact.id),
  ]);
  return {
    matches: found.map(summary),
    member: {
      ...summary(exact),
      standing,
      sanctions: sanctions.map((s) => view(s, now)),
      payments: payments.rows.map((p) => ({
        orderId: p.orderId,
        orderName: p.orderName,
        amount: p.amount,
        luv: p.luv,
        method: p.method,
        status: p.status,
        createdAt: p.createdAt,
        refundedAmount: p.refundedAmount,
      })),
      reports,
    },
  };
}

export async function auditLog(db: D1Database, query: { limit: number; beforeId?: number }): Promise<AuditList> {
  const rows = await listStaffAudit(db, query);
  return { items: rows.map(({ actorLoginId, actorId: _actor, ...row }) => ({ ...row, actor: actorLoginId })) };
}
