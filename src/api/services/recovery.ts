import { M, domesticRules } from '../../shared/account-rules';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto';
import { findMemberByLoginId, setPasswordStatement } from '../../db/members';
import { revokeMemberStatements } from '../../db/sessions';
import { claimPasswordReset, insertPasswordReset } from '../../db/password-resets';
import { accountRefusal } from './accounts';
import { consumeIdentity } from './identity';

const RESET_TTL_MS = 15 * 60_000;

/** Find password: the verified person must be the account's owner; returns a one-time reset token. */
export async function startPasswordReset(db: D1Database, loginId: string, authKey: string): Promise<string> {
  const identity = await consumeIdentity(db, authKey, 'password', loginId);
  const member = identity ? await findMemberByLoginId(db, loginId) : null;
  if (!identity || !member || member.name !== identity.name || member.birthday !== identity.birthday || member.phone !== identity.phone) {
    throw accountRefusal(400, M.identityRequired);
  }
  const token = randomToken(24);
  await insertPasswordReset(db, await sha256(token), member.id, Date.now() + RESET_TTL_MS);
  return token;
}

/** Set the new password, use the token up, and log every device out, in one transaction. */
export async function resetPassword(db: D1Database, loginId: string, authToken: string, password: string): Promise<void> {
  const error = domesticRules.password(password);
  if (error) throw accountRefusal(400, error, 'password');
  const member = await findMemberByLoginId(db, loginId);
  if (!member) throw accountRefusal(400, M.invalidAccess);
  const now = Date.now();
  if (!(await claimPasswordReset(db, await sha256(authToken), member.id, now))) throw accountRefusal(400, M.invalidAccess);
  await db.batch([setPasswordStatement(db, member.id, await hashPassword(password)), ...revokeMemberStatements(db, member.id, now)]);
}
