// Fresh proof for what moves money out: changing the payout bank account and withdrawing need the member to have
// proved themself again within REAUTH_FRESH_MS in this login (session family), by their password or, for members
// who signed up through a social provider and have none, by a new identity check of the same person. A stolen
// access token alone therefore changes no bank account and requests no withdrawal.
//
// Password tries share the sign-in lockout (per login ID and per client), so a token holder cannot guess it.

import { verifyPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import { clearLoginAttempts, findMemberById, type MemberRow, returnClientLoginAttempt, takeClientLoginAttempt, takeLoginAttempt } from '../../db/members';
import { lastReauth, recordReauth } from '../../db/sessions';
import type { SessionClaims } from './sessions';
import { consumeIdentity } from './identity';
import { LOGIN_WINDOW_MS, MAX_CLIENT_LOGIN_FAILURES, MAX_LOGIN_ATTEMPTS } from './accounts';
import type { ReauthRequest } from '../../shared/reauth-schemas';

/** How long a proof counts: long enough to fill in a form, short enough that a later theft finds none. */
export const REAUTH_FRESH_MS = 5 * 60_000;

const memberOf = async (db: D1Database, memberId: number): Promise<MemberRow> => {
  const member = await findMemberById(db, memberId);
  if (!member) throw new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');
  return member;
};

/** Letters compared without spaces or case: '김 하늘' and '김하늘', 'KIM HANEUL' and 'Kim Haneul' are one name. */
export const sameName = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/** Prove the session's member again: their password, or the authKey of an identity check (type personal) of them. */
export async function reauthenticate(db: D1Database, session: SessionClaims, proof: ReauthRequest, clientKey: string, now = Date.now()): Promise<{ until: number }> {
  const member = await memberOf(db, session.memberId);
  if ('password' in proof) {
    if (!member.passwordHash) throw new Refusal(409, 'NO_PASSWORD', 'reauth.errors.noPassword');
    if ((await takeClientLoginAttempt(db, clientKey, now, LOGIN_WINDOW_MS)) > MAX_CLIENT_LOGIN_FAILURES) throw new Refusal(429, 'TOO_MANY_ATTEMPTS', 'auth.errors.tooManyAttempts');
    if ((await takeLoginAttempt(db, member.loginId, now, LOGIN_WINDOW_MS)) > MAX_LOGIN_ATTEMPTS) throw new Refusal(429, 'TOO_MANY_ATTEMPTS', 'auth.errors.tooManyAttempts');
    // 403, not 401: a 401 would make the proxy refresh the session and send the guess again.
    if (!(await verifyPassword(proof.password, member.passwordHash))) throw new Refusal(403, 'PASSWORD_WRONG', 'reauth.errors.passwordWrong');
    await Promise.all([clearLoginAttempts(db, member.loginId), returnClientLoginAttempt(db, clientKey)]);
  } else {
    const person = await consumeIdentity(db, proof.authKey, 'personal', member.loginId);
    if (!person) throw new Refusal(400, 'IDENTITY_INVALID', 'reauth.errors.identityInvalid');
    const same = member.ci && person.ci ? member.ci === person.ci : !!member.name && sameName(member.name, person.name) && member.birthday === person.birthday;
    if (!member.identityVerified || !same) throw new Refusal(403, 'IDENTITY_MISMATCH', 'reauth.errors.identityMismatch');
  }
  await recordReauth(db, session.familyId, member.id, now);
  return { until: now + REAUTH_FRESH_MS };
}

/**
 * Refuse unless the session's member proved themself within REAUTH_FRESH_MS. Answers the member, whose verified
 * name the bank account's holder must carry.
 */
export async function requireFreshProof(db: D1Database, session: SessionClaims, now = Date.now()): Promise<MemberRow> {
  const at = await lastReauth(db, session.familyId, session.memberId);
  if (at === null || now - at > REAUTH_FRESH_MS) throw new Refusal(403, 'REAUTH_REQUIRED', 'reauth.errors.required');
  return memberOf(db, session.memberId);
}
