import { M, stripSpaces } from '../../shared/account-rules';
import type { MeDto } from '../../shared/account-api';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import {
  clearLoginAttempts,
  findMemberByLoginId,
  loginIdTaken,
  markLoggedIn,
  nicknameTaken,
  returnClientLoginAttempt,
  takeClientLoginAttempt,
  takeLoginAttempt,
  type MemberRow,
} from '../../db/members';
import { FOREVER, standingOfMember } from '../../db/sanctions';
import { uploadUrl } from '../../shared/uploads';

/**
 * An account rule's refusal: its code is the last part of the message key (REQUIRED, PATTERN,
 * INVALIDACCESS...), and a broken field rule names the field. Sign-in and sign-up answer these in the
 * published shapes of their own; every other account call in the envelope.
 */
export function accountRefusal(status: 400 | 401 | 403 | 404 | 409 | 423 | 429, messageKey: string, field?: string): Refusal {
  return new Refusal(status, messageKey.split('.').pop()!.toUpperCase(), messageKey, field ? { [field]: messageKey } : undefined);
}

/** 423 on sign-in: a block (until null) or a suspension, which ends at `until` (ms). */
export class BarredRefusal extends Refusal {
  constructor(readonly until: number | null) {
    super(423, 'BLOCKED', M.accountBlocked);
  }
}

/** The refusal a barred member meets, with the end of their suspension when it has one. */
export async function barredRefusal(db: D1Database, memberId: number): Promise<BarredRefusal> {
  const standing = await standingOfMember(db, memberId);
  const until = standing?.barredUntil ?? null;
  return new BarredRefusal(until === null || until === FOREVER ? null : until);
}

/** The field a refusal names (sign-up's `data.field`). */
export const refusedField = (refusal: Refusal): string | undefined => Object.keys(refusal.fields ?? {})[0];

export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW_MS = 10 * 60_000;
/**
 * Failed sign-ins one client may make per LOGIN_WINDOW_MS, over all IDs (credential stuffing: 5 per ID alone
 * would let one client try 5 passwords on every ID there is). Generous for people behind one shared address
 * (offices, carrier NAT); successes do not count.
 */
export const MAX_CLIENT_LOGIN_FAILURES = 50;

export function toMe(m: MemberRow): MeDto {
  return {
    loginId: m.loginId,
    nickname: m.nickname,
    identityVerified: m.identityVerified === 1,
    isForeigner: m.isForeigner === 1,
    adult: m.adult === 1,
    avatarUrl: m.avatarKey ? uploadUrl(m.avatarKey) : null,
  };
}

/** A year without signing in makes an account dormant (PIPA's one-year validity period); the expiry flow wakes it. */
export const DORMANT_AFTER_MS = 365 * 86_400_000;

export function isDormant(member: Pick<MemberRow, 'lastLoginAt' | 'createdAt'>, now = Date.now()): boolean {
  return (member.lastLoginAt ?? member.createdAt * 1000) < now - DORMANT_AFTER_MS;
}

/**
 * Check credentials. Every attempt takes a slot first, of the client (clientKey: src/lib/client-address.ts) and
 * then of the ID, so at most MAX_CLIENT_LOGIN_FAILURES failures per client and MAX_LOGIN_ATTEMPTS passwords per ID
 * are ever checked per window, however many arrive at once; a missing ID and a wrong password look alike. A
 * client over its limit touches no ID's count: its flood locks no one else out.
 */
export async function signIn(db: D1Database, loginId: string, password: string, clientKey: string): Promise<MemberRow> {
  const id = stripSpaces(loginId);
  const now = Date.now();
  if ((await takeClientLoginAttempt(db, clientKey, now, LOGIN_WINDOW_MS)) > MAX_CLIENT_LOGIN_FAILURES) throw accountRefusal(429, M.tooManyAttempts);
  const attempts = await takeLoginAttempt(db, id, now, LOGIN_WINDOW_MS);
  if (attempts > MAX_LOGIN_ATTEMPTS) throw accountRefusal(429, M.tooManyAttempts);
  const member = id ? await findMemberByLoginId(db, id) : null;
  const ok = await verifyPassword(password, member?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!member || !ok) throw accountRefusal(401, M.loginFailed);
  if (member.blocked) throw await barredRefusal(db, member.id);
  // Only the owner (right password) learns the account is dormant; it stays dormant until the expiry flow.
  if (isDormant(member)) throw accountRefusal(403, M.accountDormant);
  await Promise.all([clearLoginAttempts(db, id), returnClientLoginAttempt(db, clientKey)]);
  await markLoggedIn(db, member.id, Date.now());
  return member;
}

export async function availability(db: D1Database, kind: 'loginId' | 'nickname', value: string): Promise<'ok' | 'overlap'> {
  const taken = kind === 'loginId' ? await loginIdTaken(db, value) : await nicknameTaken(db, value);
  return taken ? 'overlap' : 'ok';
}

/** Whether a member has this login ID: 'ok' when one has, else 'notfound' (the find-ID lookup's answer). */
export async function findLoginId(db: D1Database, loginId: string): Promise<'ok' | 'notfound'> {
  return (await loginIdTaken(db, loginId)) ? 'ok' : 'notfound';
}

/** The referral lookup's answer: 'notfound', 'overlap' (yourself), or the recommender's login ID. */
export async function findRecommender(db: D1Database, code: string, ownLoginId: string | undefined): Promise<string> {
  if (ownLoginId && code.toLowerCase() === ownLoginId.toLowerCase()) return 'overlap';
  const member = await findMemberByLoginId(db, code);
  return member ? member.loginId : 'notfound';
}
