import { countSessionWrite } from '../../db/write-rates';
import { WRITE_RATE_DEFAULT } from '../../shared/request-limits';
import type { SessionClaims } from './sessions';

export interface WriteRate {
  count: number;
  seconds: number;
}

/** WRITE_RATE ("<count>/<seconds>", e.g. "120/10") when it is two positive integers, else the default. */
export function writeRateOf(env: { WRITE_RATE?: string }): WriteRate {
  const match = /^(\d+)\/(\d+)$/.exec(env.WRITE_RATE ?? '');
  const count = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  return count > 0 && seconds > 0 ? { count, seconds } : { ...WRITE_RATE_DEFAULT };
}

export type WriteVerdict = { ok: true } | { ok: false; retryAfter: number } | { ok: false; revoked: true };

/**
 * Count a write of the session's member and say whether it is within the rate; when not, how many seconds until the
 * window turns. A revoked session is answered as such and counts nothing (the caller is then a 401, not a 429).
 * Fixed windows: a member may burst up to twice the count across a boundary, which is still far above a person.
 */
export async function admitWrite(env: Env, session: SessionClaims, now = Date.now()): Promise<WriteVerdict> {
  const rate = writeRateOf(env);
  const windowMs = rate.seconds * 1000;
  const windowStart = now - (now % windowMs);
  const count = await countSessionWrite(env.DB, session.memberId, session.familyId, windowStart);
  if (count === null) return { ok: false, revoked: true };
  return count <= rate.count ? { ok: true } : { ok: false, retryAfter: Math.ceil((windowStart + windowMs - now) / 1000) };
}
