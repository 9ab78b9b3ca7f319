import { randomToken } from '../../lib/crypto';
import type { IdentityPurpose, IdentityProvider, IdentityResult } from '../providers/identity';

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
  await db.prepare('INSERT INTO identity_sessions (id, purpose, provider, login_id) VALUES (?, ?, ?, ?)').bind(sessionId, purpose, kind, options.loginId).run();
  return { provider: kind, url: await provider.popupUrl({ sessionId, purpose, provider: kind, loginId: options.loginId }) } as const;
}

/** Record a finished verification (from the provider's callback, or the dev form) and hand out its authKey. */
export async function completeIdentity(db: D1Database, sessionId: string, result: IdentityResult): Promise<string | null> {
  const authKey = randomToken(24);
  const row = await db
    .prepare(
      `UPDATE identity_sessions SET auth_key = ?, name = ?, birthday = ?, gender = ?, phone = ?, adult = ?, completed_at = unixepoch()
       WHERE id = ? AND completed_at IS NULL AND created_at > unixepoch() - ? RETURNING id`,
    )
    .bind(authKey, result.name, result.birthday, result.gender, result.phone, +isAdult(result.birthday), sessionId, SESSION_TTL_S)
    .first();
  return row ? authKey : null;
}

/** Use an authKey once, for the purpose it was started for. */
export async function consumeIdentity(db: D1Database, authKey: string, purpose: IdentityPurpose, loginId?: string): Promise<(IdentityResult & { adult: boolean }) | null> {
  const row = await db
    .prepare(
      `UPDATE identity_sessions SET used_at = unixepoch()
       WHERE auth_key = ? AND purpose = ? AND used_at IS NULL AND completed_at > unixepoch() - ? AND (? IS NULL OR login_id = ? COLLATE NOCASE)
       RETURNING name, birthday, gender, phone, adult`,
    )
    .bind(authKey, purpose, SESSION_TTL_S, loginId ?? null, loginId ?? null)
    .first<{ name: string; birthday: string; gender: 'M' | 'F'; phone: string; adult: number }>();
  return row ? { name: row.name, birthday: row.birthday, gender: row.gender, phone: row.phone, adult: row.adult === 1 } : null;
}
