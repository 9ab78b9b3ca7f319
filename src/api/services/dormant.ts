import { Refusal } from '../../lib/errors';
import { auditStatement } from '../../db/staff-audit';
import { findMemberByLoginId, lastLoginStatement } from '../../db/members';
import { revokeMemberStatements } from '../../db/sessions';
import { DORMANT_AFTER_MS } from './accounts';

/** A day past the dormancy threshold, so the account is dormant at once and stays so. */
const REST_MS = DORMANT_AFTER_MS + 86_400_000;

/**
 * Staff put an account to rest: its last sign-in moves back past the threshold and its sessions end, as a year's
 * silence would have left it; its owner wakes it through the expiry flow. The change and its audit row commit together.
 */
export async function makeDormant(db: D1Database, staffId: number, loginId: string, now = Date.now()): Promise<{ loginId: string; lastLoginAt: number }> {
  const member = await findMemberByLoginId(db, loginId);
  if (!member) throw new Refusal(404, 'MEMBER_NOT_FOUND', 'staff.errors.memberNotFound');
  const lastLoginAt = now - REST_MS;
  await db.batch([
    lastLoginStatement(db, member.id, lastLoginAt),
    ...revokeMemberStatements(db, member.id, now),
    auditStatement(db, { actorId: staffId, action: 'member.dormant', targetType: 'member', targetId: member.loginId, before: { lastLoginAt: member.lastLoginAt }, after: { lastLoginAt } }, now),
  ]);
  return { loginId: member.loginId, lastLoginAt };
}
