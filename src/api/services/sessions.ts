import { sign, verify } from 'hono/jwt';
import { jwtSecret } from '../config';
import { hmacKey, randomToken, sha256 } from '../../lib/crypto';
import { familyExpiry, findRefresh, insertRefreshStatement, isFamilyRevoked, revokeFamily, rotateRefresh, type RefreshRow } from '../../db/sessions';
import { findSessionMember, type MemberRow } from '../../db/members';

export const ACCESS_TTL_S = 15 * 60;
/** A login without 'keep login' lasts 12 hours; with it, 30 days (absolute, rotation never extends it). */
export const SESSION_TTL_S = 12 * 60 * 60;
const SESSION_TTL_MS = SESSION_TTL_S * 1000;
const KEEP_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Tokens name the brand they were made on (its id after the colon): a token or cookie copied from one brand's
 * site is refused on another's. A call without a brand (no edge in front) has the bare audience.
 */
const AUDIENCE = 'flex-live';
export const audienceOf = (brand: string | undefined): string => (brand ? `${AUDIENCE}:${brand}` : AUDIENCE);
const ISSUER = 'flex-live-api';
/** Pinned: a token signed any other way (alg none, RS256 with our secret as a key, ...) is refused. */
const ALG = 'HS256' as const;

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** Seconds the refresh token (and so the login) may live: the cookie's Max-Age. */
  refreshMaxAge: number;
}

export interface SessionClaims {
  memberId: number;
  loginId: string;
  familyId: string;
  /** The brand the session was made on (undefined without one). */
  brand?: string;
}

async function accessToken(env: Env, claims: SessionClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign({ sub: String(claims.memberId), lid: claims.loginId, sid: claims.familyId, aud: audienceOf(claims.brand), iss: ISSUER, iat: now, exp: now + ACCESS_TTL_S }, jwtSecret(env), ALG);
}

/** A new login: a fresh refresh-token family and its first access token. */
export async function startSession(env: Env, member: Pick<MemberRow, 'id' | 'loginId'>, keepLogin: boolean, brand?: string): Promise<Tokens> {
  const now = Date.now();
  const familyId = randomToken(16);
  const refreshToken = refreshTokenFor(brand);
  const familyExpiresAt = now + (keepLogin ? KEEP_TTL_MS : SESSION_TTL_MS);
  await insertRefreshStatement(env.DB, { hash: await sha256(refreshToken), familyId, memberId: member.id, expiresAt: familyExpiresAt, familyExpiresAt }).run();
  return {
    accessToken: await accessToken(env, { memberId: member.id, loginId: member.loginId, familyId, brand }),
    refreshToken,
    expiresIn: ACCESS_TTL_S,
    refreshMaxAge: Math.floor((familyExpiresAt - now) / 1000),
  };
}

/**
 * A second token pair for the caller's own login (the handoff to their app): the same family, so it never outlives
 * the login it came from (no new absolute expiry) and ends with it (sign-out, reuse, revocation). A bearer token
 * alone therefore never starts a login of its own. Null when the family has no live refresh token left.
 */
export async function joinSession(env: Env, claims: SessionClaims, brand?: string): Promise<Tokens | null> {
  const now = Date.now();
  const familyExpiresAt = await familyExpiry(env.DB, claims.familyId);
  if (familyExpiresAt === null || familyExpiresAt <= now) return null;
  const refreshToken = refreshTokenFor(brand);
  await insertRefreshStatement(env.DB, { hash: await sha256(refreshToken), familyId: claims.familyId, memberId: claims.memberId, expiresAt: familyExpiresAt, familyExpiresAt }).run();
  return {
    accessToken: await accessToken(env, { ...claims, brand }),
    refreshToken,
    expiresIn: ACCESS_TTL_S,
    refreshMaxAge: Math.floor((familyExpiresAt - now) / 1000),
  };
}

export type RefreshOutcome = { ok: true; tokens: Tokens } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

/**
 * Trade a refresh token for a new pair. Each token works once; presenting a used one again means it
 * leaked, so the whole family (every device of that login) is revoked.
 */
export async function refreshSession(env: Env, refreshToken: string, brand?: string): Promise<RefreshOutcome> {
  const now = Date.now();
  // Another brand's refresh token is as unknown here as a made-up one (and its family lives on where it belongs).
  if (brandOfRefresh(refreshToken) !== (brand ?? '')) return { ok: false, reason: 'unknown' };
  const hash = await sha256(refreshToken);
  const row = await findRefresh(env.DB, hash);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt !== null) return { ok: false, reason: 'revoked' };
  if (row.familyExpiresAt <= now) return { ok: false, reason: 'expired' };

  const nextToken = refreshTokenFor(brand);
  const next = { hash: await sha256(nextToken), familyId: row.familyId, memberId: row.memberId, expiresAt: row.familyExpiresAt, familyExpiresAt: row.familyExpiresAt };
  if (row.usedAt !== null) {
    // Parallel calls of one page may present the same token twice within moments; while its successor
    // is still unused that is a race, not a theft, and the family lives on. Anything else is reuse.
    if (!(await withinReuseGrace(env.DB, row, now))) {
      await revokeFamily(env.DB, row.familyId, now);
      return { ok: false, reason: 'reused' };
    }
    await insertRefreshStatement(env.DB, next).run();
  } else if (!(await rotateRefresh(env.DB, hash, next, now))) {
    // Someone rotated it between our read and our write: treat as the race above, once more.
    const fresh = await findRefresh(env.DB, hash);
    if (!fresh || !(await withinReuseGrace(env.DB, fresh, now))) {
      await revokeFamily(env.DB, row.familyId, now);
      return { ok: false, reason: 'reused' };
    }
    await insertRefreshStatement(env.DB, next).run();
  }
  const member = await findSessionMember(env.DB, row.memberId);
  if (!member || member.blocked) {
    await revokeFamily(env.DB, row.familyId, now);
    return { ok: false, reason: 'revoked' };
  }
  return {
    ok: true,
    tokens: {
      accessToken: await accessToken(env, { memberId: row.memberId, loginId: member.loginId, familyId: row.familyId, brand }),
      refreshToken: nextToken,
      expiresIn: ACCESS_TTL_S,
      refreshMaxAge: Math.floor((row.familyExpiresAt - now) / 1000),
    },
  };
}

/** How long a just-used refresh token may be presented again by a parallel call. */
export const REUSE_GRACE_MS = 2_000;

async function withinReuseGrace(db: D1Database, row: RefreshRow, now: number): Promise<boolean> {
  if (row.usedAt === null || now - row.usedAt > REUSE_GRACE_MS || !row.replacedBy) return false;
  const successor = await findRefresh(db, row.replacedBy);
  return !!successor && successor.usedAt === null && successor.revokedAt === null;
}

/**
 * A refresh token is `<brand>.<random>`: the brand is in the clear for the check above, and inside the stored hash,
 * so changing it makes a token nobody has.
 */
const refreshTokenFor = (brand: string | undefined): string => `${brand ?? ''}.${randomToken(32)}`;
const brandOfRefresh = (token: string): string | null => (token.includes('.') ? token.slice(0, token.indexOf('.')) : null);

/**
 * What an access token claims, checked by signature, alg, audience, issuer and expiry only: whether its session was
 * revoked is a D1 read, which `authenticate` adds (and the write rate makes in its own statement).
 */
export async function readAccessToken(env: Env, token: string, brand?: string): Promise<SessionClaims | null> {
  try {
    const payload = await verify(token, await hmacKey(jwtSecret(env)), { alg: ALG, aud: audienceOf(brand), iss: ISSUER });
    const memberId = Number(payload.sub);
    const familyId = payload.sid;
    const loginId = payload.lid;
    if (!Number.isInteger(memberId) || typeof familyId !== 'string' || typeof loginId !== 'string') return null;
    return { memberId, loginId, familyId, brand };
  } catch {
    return null;
  }
}

/** The session an access token names, or null: bad signature, other alg, another brand's audience, expired or revoked. */
export async function authenticate(env: Env, token: string, brand?: string): Promise<SessionClaims | null> {
  const claims = await readAccessToken(env, token, brand);
  return claims && !(await isFamilyRevoked(env.DB, claims.familyId)) ? claims : null;
}

/** Logout: the refresh family and every access token of it stop working now. */
export async function endSession(env: Env, familyId: string): Promise<void> {
  await revokeFamily(env.DB, familyId, Date.now());
}
