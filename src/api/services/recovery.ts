// Find ID and find password. A domestic member proves who they are through the national-ID provider (an authKey of a
// finished verification); a foreign member through the internal provider: the phone code of sign-up, sent to the
// phone they registered with its country calling code (the same send lock, captcha and tries), whose one-time token
// stands for the phone. Either way what is answered is what the proof entitles to, and nothing more: the IDs of that
// person or phone (none is an empty list, as with an identity no one registered), or one refusal, the same whether
// the ID is unknown, not that person's, or the proof is bad.
import { M, domesticRules, maskLoginId } from '../../shared/account-rules';
import type { RecoveryProof } from '../../shared/account-api';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto';
import { findForeignMembersByPhone, findMemberByLoginId, findMembersByIdentity, setPasswordStatement, type MemberRow } from '../../db/members';
import { revokeMemberStatements } from '../../db/sessions';
import { claimPasswordReset, insertPasswordReset } from '../../db/password-resets';
import { accountRefusal } from './accounts';
import { consumeIdentity } from './identity';
import { consumePhoneToken } from './phone';

const RESET_TTL_MS = 15 * 60_000;

type PhoneProof = Extract<RecoveryProof, { phoneVerificationToken: string }>;

/** Use the phone's verification token once: the phone it proves, or null. */
async function provenPhone(db: D1Database, proof: PhoneProof): Promise<{ countryCode: string; phone: string } | null> {
  const countryCode = await consumePhoneToken(db, proof.countryCode, proof.phone, proof.phoneVerificationToken);
  return countryCode ? { countryCode, phone: proof.phone } : null;
}

/** Find ID: the masked IDs registered to the verified person (domestic), or to the verified phone (foreign members). */
export async function findLoginIds(db: D1Database, proof: RecoveryProof): Promise<string[]> {
  if ('authKey' in proof) {
    const identity = await consumeIdentity(db, proof.authKey, 'id');
    if (!identity) throw accountRefusal(400, M.identityAgain);
    return (await findMembersByIdentity(db, identity.name, identity.birthday, identity.phone)).map((r) => maskLoginId(r.loginId));
  }
  const phone = await provenPhone(db, proof);
  if (!phone) throw accountRefusal(400, M.phoneNotVerified);
  return (await findForeignMembersByPhone(db, phone.countryCode, phone.phone)).map((r) => maskLoginId(r.loginId));
}

/**
 * The account whose owner the proof shows, or a refusal: an identity check to do again, the verified person not the
 * owner, or a phone not verified. A phone proves only a foreign member's account, never a domestic one.
 */
async function provenOwner(db: D1Database, loginId: string, proof: RecoveryProof): Promise<MemberRow> {
  if ('authKey' in proof) {
    const identity = await consumeIdentity(db, proof.authKey, 'password', loginId);
    if (!identity) throw accountRefusal(400, M.identityAgain);
    const member = await findMemberByLoginId(db, loginId);
    if (!member || member.name !== identity.name || member.birthday !== identity.birthday || member.phone !== identity.phone) throw accountRefusal(400, M.identityMismatch);
    return member;
  }
  const phone = await provenPhone(db, proof);
  const member = phone ? await findMemberByLoginId(db, loginId) : null;
  if (!phone || !member || member.isForeigner !== 1 || member.countryCode !== phone.countryCode || member.phone !== phone.phone) throw accountRefusal(400, M.phoneNotVerified);
  return member;
}

/** Find password: the verified person must be the account's owner; returns a one-time reset token. */
export async function startPasswordReset(db: D1Database, loginId: string, proof: RecoveryProof): Promise<string> {
  const member = await provenOwner(db, loginId, proof);
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
