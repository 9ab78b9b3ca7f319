// ASP partners (POST /v4/api/asp/accesstoken): a partner's own server trades its key and one of its
// users' userkey for a session of the member that user became at sign-up (aspCode + userkey in the payload).
// A userkey is bound to a member only on the partner's proof: its key on a server-to-server sign-up, or a sign-up
// token its server got with that key. The sign-up body alone proves nothing (anyone can type a userkey).
import { Refusal } from '../../lib/errors';
import { hmacSign, hmacVerify, sha256, timingSafeEqual } from '../../lib/crypto';
import { aspKeyHash, findAspMember } from '../../db/asp';
import { findMemberById, type MemberRow } from '../../db/members';

/** How long a sign-up token lasts: the time a person takes to fill in the form after the partner sent them. */
export const ASP_SIGNUP_TOKEN_TTL_S = 30 * 60;

/** The partner `aspCode` when `key` is its ASP key (header X-Asp-Key), else a 401. */
export async function aspPartnerOf(db: D1Database, aspCode: string, key: string | undefined): Promise<string> {
  if (!(await aspKeyMatches(db, aspCode, key))) throw new Refusal(401, 'ASP_UNAUTHORIZED', 'social.errors.aspUnauthorized');
  return aspCode;
}

async function aspKeyMatches(db: D1Database, aspCode: string, key: string | undefined): Promise<boolean> {
  const stored = await aspKeyHash(db, aspCode);
  // The hash is computed either way: an unknown partner and a wrong key take as long.
  const presented = await sha256(key ?? '');
  return Boolean(key && stored && timingSafeEqual(presented, stored));
}

const tokenMessage = (aspCode: string, userkey: string, expiresAt: number) => `asp-signup\n${aspCode}\n${userkey}\n${expiresAt}`;

/** A token saying the partner sends this user to sign up: `<expiry, unix s>.<HMAC>` under the Worker's secret. */
export async function aspSignupToken(secret: string, aspCode: string, userkey: string, now = Date.now()): Promise<{ aspToken: string; expiresIn: number }> {
  const expiresAt = Math.floor(now / 1000) + ASP_SIGNUP_TOKEN_TTL_S;
  return { aspToken: `${expiresAt}.${await hmacSign(secret, tokenMessage(aspCode, userkey, expiresAt))}`, expiresIn: ASP_SIGNUP_TOKEN_TTL_S };
}

async function aspTokenValid(secret: string, aspCode: string, userkey: string, token: string, now: number): Promise<boolean> {
  const [expiry, mac, ...rest] = token.split('.');
  const expiresAt = Number(expiry);
  if (rest.length || !mac || !/^\d{1,12}$/.test(expiry ?? '') || expiresAt * 1000 <= now) return false;
  return hmacVerify(secret, tokenMessage(aspCode, userkey, expiresAt), mac);
}

/** What a sign-up presents to bind a partner user, and how the partner vouched for it. */
export interface AspClaim {
  aspCode?: string;
  userkey?: string;
  /** From POST /v4/api/asp/signup-token, carried by the partner's link into the form. */
  aspToken?: string;
  /** The X-Asp-Key header: the partner's server itself calls the sign-up. */
  key?: string;
}

/**
 * The partner user a sign-up binds, proven by the partner: `byKey` when its server called with its key (it may then
 * sign up without identity verification and attest the terms itself). Null when the sign-up names no partner user;
 * a refusal when it names one without proof (nothing is created), or one already bound to a member.
 */
export async function provenAspUser(db: D1Database, secret: string, claim: AspClaim, now = Date.now()): Promise<{ partnerCode: string; userkey: string; byKey: boolean } | null> {
  const { aspCode, userkey } = claim;
  if (!aspCode && !userkey && !claim.key) return null;
  if (!aspCode || !userkey) throw new Refusal(400, 'ASP_PROOF_REQUIRED', 'validation.signup.aspProof');
  const byKey = claim.key !== undefined && (await aspKeyMatches(db, aspCode, claim.key));
  if (!byKey && !(claim.aspToken && (await aspTokenValid(secret, aspCode, userkey, claim.aspToken, now)))) {
    throw new Refusal(400, 'ASP_PROOF_REQUIRED', 'validation.signup.aspProof');
  }
  if (await findAspMember(db, aspCode, userkey)) throw new Refusal(409, 'ASP_USER_TAKEN', 'validation.signup.aspTaken');
  return { partnerCode: aspCode, userkey, byKey };
}

export async function aspMember(db: D1Database, partnerCode: string, userkey: string): Promise<MemberRow> {
  const link = await findAspMember(db, partnerCode, userkey);
  const member = link ? await findMemberById(db, link.memberId) : null;
  if (!member) throw new Refusal(404, 'ASP_USER_NOT_FOUND', 'social.errors.aspUserNotFound');
  if (member.blocked) throw new Refusal(423, 'BLOCKED', 'auth.errors.blocked');
  return member;
}
