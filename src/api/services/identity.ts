import { randomToken } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import type { IdentityPurpose, IdentityProvider, IdentityResult } from '../providers/identity';
import { NICE_SUCCESS, openNiceAnswer, personOf, type NiceAnswer } from '../providers/nice';
import { completeIdentitySession, consumeIdentitySession, peekIdentitySession, failIdentitySession, findOpenSessionByRef, insertIdentitySession } from '../../db/identity-sessions';
import { findMemberById, findMemberByLoginId, markIdentityVerified, setPersonalAuthStatus, type MemberRow } from '../../db/members';
import { PERSONAL_AUTH_STATUS } from '../../shared/account-schemas';
import { M } from '../../shared/account-rules';

const SESSION_TTL_S = 30 * 60;

/** Korean law: adult from 19 (counted by birthday here). */
export function isAdult(birthday: string, now = new Date()): boolean {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const age = now.getUTCFullYear() - y - (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d) ? 1 : 0);
  return age >= 19;
}

/** 24 hex digits: also NICE's request number (req_no: at most 30 letters and digits). */
function newSessionId(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `returnUrl`: where the provider sends the person back (the site's /callback/nice). */
export async function startIdentity(db: D1Database, provider: IdentityProvider, purpose: IdentityPurpose, options: { foreigner: boolean; loginId: string | null; returnUrl: string }) {
  const sessionId = newSessionId();
  const kind = options.foreigner ? 'internal' : 'niceId';
  const launch = await provider.launch({ sessionId, purpose, provider: kind, loginId: options.loginId, returnUrl: options.returnUrl });
  await insertIdentitySession(db, { id: sessionId, purpose, provider: kind, loginId: options.loginId, providerRef: launch.ref, providerKey: launch.key });
  return { provider: kind, url: launch.url, ...(launch.form ? { form: launch.form } : {}) } as const;
}

const NICE_INVALID = 'identity.nice.invalid';

/**
 * NICE's answer at /callback/nice: the session it names must be open, the integrity value must be NICE's
 * under that session's key and the sealed request number must be the session's own, or it is refused and
 * nothing changes (forged, altered, replayed or late). A genuine failure closes the session and marks a
 * member's own verification rejected (personal-auth status 3). A success completes it: the authKey.
 */
export async function finishNiceIdentity(db: D1Database, answer: NiceAnswer): Promise<string> {
  const session = await findOpenSessionByRef(db, answer.token_version_id, SESSION_TTL_S);
  const result = session ? await openNiceAnswer(session.providerKey, answer) : null;
  if (!session || !result || result.requestno !== session.id) throw new Refusal(400, 'IDENTITY_INVALID', NICE_INVALID);
  if (result.resultcode !== NICE_SUCCESS) {
    if ((await failIdentitySession(db, session.id)) && session.purpose === 'personal' && session.loginId) {
      const member = await findMemberByLoginId(db, session.loginId);
      if (member) await setPersonalAuthStatus(db, member.id, PERSONAL_AUTH_STATUS.rejected);
    }
    throw new Refusal(400, 'IDENTITY_FAILED', 'identity.nice.failed');
  }
  const person = personOf(result);
  const authKey = person ? await completeIdentity(db, session.id, person) : null;
  if (!authKey) throw new Refusal(400, 'IDENTITY_INVALID', NICE_INVALID);
  return authKey;
}

/** Record a finished verification (from the provider's callback, or the dev form) and hand out its authKey. */
export async function completeIdentity(db: D1Database, sessionId: string, result: IdentityResult): Promise<string | null> {
  const authKey = randomToken(24);
  const recorded = { name: result.name, birthday: result.birthday, gender: result.gender, phone: result.phone, adult: +isAdult(result.birthday), ci: result.ci ?? null };
  return (await completeIdentitySession(db, sessionId, authKey, recorded, SESSION_TTL_S)) ? authKey : null;
}

/** Use an authKey once, for the purpose it was started for. */
export async function consumeIdentity(db: D1Database, authKey: string, purpose: IdentityPurpose, loginId?: string): Promise<(IdentityResult & { adult: boolean }) | null> {
  const row = await consumeIdentitySession(db, authKey, purpose, SESSION_TTL_S, loginId ?? null);
  return row ? { name: row.name, birthday: row.birthday, gender: row.gender, phone: row.phone, adult: row.adult === 1, ci: row.ci } : null;
}

/** An authKey's result without using it (see peekIdentitySession). */
export async function peekIdentity(db: D1Database, authKey: string, purpose: IdentityPurpose): Promise<{ ci: string | null } | null> {
  const row = await peekIdentitySession(db, authKey, purpose, SESSION_TTL_S);
  return row ? { ci: row.ci } : null;
}

/** A member starts their own verification: requested (1), unless approved (2) already. Their status afterwards. */
export async function requestPersonalAuth(db: D1Database, memberId: number): Promise<0 | 1 | 2 | 3> {
  await setPersonalAuthStatus(db, memberId, PERSONAL_AUTH_STATUS.requested);
  return ((await findMemberById(db, memberId))?.personalAuthStatus ?? PERSONAL_AUTH_STATUS.unapplied) as 0 | 1 | 2 | 3;
}

/** A signed-in member starts verifying themself (a foreign member through the internal form): the launch and their status afterwards. */
export async function startOwnIdentity(db: D1Database, provider: IdentityProvider, memberId: number, returnUrl: string) {
  const member = await findMemberById(db, memberId);
  if (!member) throw new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound');
  const started = await startIdentity(db, provider, 'personal', { foreigner: member.isForeigner === 1, loginId: member.loginId, returnUrl });
  return { status: await requestPersonalAuth(db, member.id), ...started };
}

/** A member's own verification comes back (its authKey, used once): the member, now identity-verified with the verified person's details. */
export async function confirmOwnIdentity(db: D1Database, authKey: string, member: { memberId: number; loginId: string }): Promise<MemberRow> {
  const identity = await consumeIdentity(db, authKey, 'personal', member.loginId);
  if (!identity) throw new Refusal(400, 'IDENTITY_REQUIRED', M.identityAgain);
  await markIdentityVerified(db, member.memberId, identity);
  return (await findMemberById(db, member.memberId))!;
}
