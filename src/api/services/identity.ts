import { randomToken } from '../../lib/crypto';
import type { IdentityPurpose, IdentityProvider, IdentityResult } from '../providers/identity';
import { completeIdentitySession, consumeIdentitySession, insertIdentitySession } from '../../db/identity-sessions';
import { findMemberById, setPersonalAuthStatus } from '../../db/members';
import { PERSONAL_AUTH_STATUS } from '../../shared/account-schemas';

const SESSION_TTL_S = 30 * 60;

/** Korean law: adult from 19 (counted by birthday here). */
export function isAdult(birthday: string, now = new Date()): boolean {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const age = now.getUTCFullYear() - y - (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d) ? 1 : 0);
  return age >= 19;
}

export async function startIdentity(db: D1Database, provider: IdentityProvider, purpose: IdentityPurpose, options: { foreigner: boolean; loginId: string | null }) {
  const sessionId = randomToken(18);
  const kind = options.foreigner ? 'internal' : 'niceId';
  await insertIdentitySession(db, { id: sessionId, purpose, provider: kind, loginId: options.loginId });
  return { provider: kind, url: await provider.popupUrl({ sessionId, purpose, provider: kind, loginId: options.loginId }) } as const;
}

/** Record a finished verification (from the provider's callback, or the dev form) and hand out its authKey. */
export async function completeIdentity(db: D1Database, sessionId: string, result: IdentityResult): Promise<string | null> {
  const authKey = randomToken(24);
  const recorded = { name: result.name, birthday: result.birthday, gender: result.gender, phone: result.phone, adult: +isAdult(result.birthday) };
  return (await completeIdentitySession(db, sessionId, authKey, recorded, SESSION_TTL_S)) ? authKey : null;
}

/** Use an authKey once, for the purpose it was started for. */
export async function consumeIdentity(db: D1Database, authKey: string, purpose: IdentityPurpose, loginId?: string): Promise<(IdentityResult & { adult: boolean }) | null> {
  const row = await consumeIdentitySession(db, authKey, purpose, SESSION_TTL_S, loginId ?? null);
  return row ? { name: row.name, birthday: row.birthday, gender: row.gender, phone: row.phone, adult: row.adult === 1 } : null;
}

/** A member starts their own verification: requested (1), unless approved (2) already. Their status afterwards. */
export async function requestPersonalAuth(db: D1Database, memberId: number): Promise<0 | 1 | 2 | 3> {
  await setPersonalAuthStatus(db, memberId, PERSONAL_AUTH_STATUS.requested);
  return ((await findMemberById(db, memberId))?.personalAuthStatus ?? PERSONAL_AUTH_STATUS.unapplied) as 0 | 1 | 2 | 3;
}
