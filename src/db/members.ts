import { barredSql } from './sanctions';
import { isConflict } from './conflict';

export interface MemberRow {
  id: number;
  loginId: string;
  nickname: string;
  passwordHash: string;
  name: string | null;
  isForeigner: number;
  identityVerified: number;
  /** Personal-auth status: 0 unapplied, 1 requested, 2 approved, 3 rejected (PERSONAL_AUTH_STATUS). */
  personalAuthStatus: number;
  adult: number;
  piFlag: number;
  birthday: string | null;
  gender: 'M' | 'F' | null;
  phone: string | null;
  countryCode: string | null;
  partnerCode: string | null;
  /** 1 when the member may not sign in now: blocked by hand, or a block or suspension in force (src/db/sanctions.ts). */
  blocked: number;
  lastLoginAt: number | null;
  createdAt: number;
  /** The avatar's upload key (uploads.key); null shows the initial. */
  avatarKey: string | null;
  /** The verified person's CI (identity_sessions.ci); null when unverified or verified before CIs were kept. */
  ci: string | null;
}

const MEMBER_COLUMNS = `id, login_id AS loginId, nickname, password_hash AS passwordHash, name, is_foreigner AS isForeigner,
  identity_verified AS identityVerified, personal_auth_status AS personalAuthStatus, adult, pi_flag AS piFlag, birthday, gender, phone, country_code AS countryCode,
  partner_code AS partnerCode, ${barredSql('members.id', 'members.blocked')} AS blocked, last_login_at AS lastLoginAt, created_at AS createdAt, avatar_key AS avatarKey, ci`;

export function findMemberByLoginId(db: D1Database, loginId: string): Promise<MemberRow | null> {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE login_id = ?`).bind(loginId).first<MemberRow>();
}

export function findMemberById(db: D1Database, id: number): Promise<MemberRow | null> {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ?`).bind(id).first<MemberRow>();
}

/** What renewing a session needs of its member: the login ID the token names, and whether they are barred (blocked or suspended). */
export function findSessionMember(db: D1Database, id: number): Promise<{ loginId: string; blocked: number } | null> {
  return db
    .prepare(`SELECT login_id AS loginId, ${barredSql('members.id', 'members.blocked')} AS blocked FROM members WHERE id = ?`)
    .bind(id)
    .first<{ loginId: string; blocked: number }>();
}

export async function loginIdTaken(db: D1Database, loginId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM members WHERE login_id = ?').bind(loginId).first()) !== null;
}

export async function nicknameTaken(db: D1Database, nickname: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM members WHERE nickname = ?').bind(nickname).first()) !== null;
}

export async function findMembersByIdentity(db: D1Database, name: string, birthday: string, phone: string): Promise<Array<{ loginId: string }>> {
  const { results } = await db.prepare('SELECT login_id AS loginId FROM members WHERE name = ? AND birthday = ? AND phone = ? ORDER BY id').bind(name, birthday, phone).all<{ loginId: string }>();
  return results;
}

/** Foreign members registered with this phone (their country calling code and digits), as the phone code proves it. */
export async function findForeignMembersByPhone(db: D1Database, countryCode: string, phone: string): Promise<Array<{ loginId: string }>> {
  const { results } = await db
    .prepare('SELECT login_id AS loginId FROM members WHERE country_code = ? AND phone = ? AND is_foreigner = 1 ORDER BY id')
    .bind(countryCode, phone)
    .all<{ loginId: string }>();
  return results;
}

export interface NewMember {
  loginId: string;
  nickname: string;
  passwordHash: string;
  name: string | null;
  isForeigner: boolean;
  identityVerified: boolean;
  adult: boolean;
  birthday: string | null;
  gender: 'M' | 'F' | null;
  phone: string | null;
  countryCode: string | null;
  partnerCode: string | null;
  recommenderId: number | null;
  marketingAgreed: boolean;
  device: string;
  /** The verified person's CI (identity verification), when there is one. */
  ci?: string | null;
  /** The partner that attests it recorded the member's consent to the terms (null: the member ticked them here). */
  termsBy?: string | null;
}

/** Insert a member; null when the login ID or nickname was taken meanwhile (UNIQUE decides). */
export async function insertMember(db: D1Database, m: NewMember): Promise<number | null> {
  const row = await insertMemberStatement(db, m).first<{ id: number }>();
  return row?.id ?? null;
}

/** The insert as a statement (answers { id } when it applied), for a batch that creates more with the member. */
export function insertMemberStatement(db: D1Database, m: NewMember): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO members (login_id, nickname, password_hash, name, is_foreigner, identity_verified, adult, birthday, gender, phone,
         country_code, partner_code, recommender_id, marketing_agreed, device, ci, terms_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(
      m.loginId,
      m.nickname,
      m.passwordHash,
      m.name,
      +m.isForeigner,
      +m.identityVerified,
      +m.adult,
      m.birthday,
      m.gender,
      m.phone,
      m.countryCode,
      m.partnerCode,
      m.recommenderId,
      +m.marketingAgreed,
      m.device,
      m.ci ?? null,
      m.termsBy ?? null,
    );
}

/** The verified member the same person already is (by CI), if any. */
export function findVerifiedMemberByCi(db: D1Database, ci: string): Promise<MemberRow | null> {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE ci = ? AND identity_verified = 1 ORDER BY id LIMIT 1`).bind(ci).first<MemberRow>();
}

/** Change the nickname and avatar; false when the nickname is another member's (UNIQUE). */
export async function updateProfile(db: D1Database, memberId: number, change: { nickname: string; avatarKey: string | null }): Promise<boolean> {
  try {
    await db.prepare('UPDATE members SET nickname = ?, avatar_key = ? WHERE id = ?').bind(change.nickname, change.avatarKey, memberId).run();
    return true;
  } catch (err) {
    if (isConflict(err, 'unique')) return false;
    throw err;
  }
}

export async function markLoggedIn(db: D1Database, memberId: number, at: number): Promise<void> {
  await lastLoginStatement(db, memberId, at).run();
}

/** Set the last sign-in, as a statement a batch joins (staff putting an account to rest move it back). */
export function lastLoginStatement(db: D1Database, memberId: number, at: number): D1PreparedStatement {
  return db.prepare('UPDATE members SET last_login_at = ? WHERE id = ?').bind(at, memberId);
}

export function setPasswordStatement(db: D1Database, memberId: number, passwordHash: string): D1PreparedStatement {
  return db.prepare('UPDATE members SET password_hash = ? WHERE id = ?').bind(passwordHash, memberId);
}

export async function markIdentityVerified(db: D1Database, memberId: number, v: { name: string; birthday: string; gender: string; phone: string; adult: boolean; ci?: string | null }): Promise<void> {
  await db
    .prepare('UPDATE members SET identity_verified = 1, name = ?, birthday = ?, gender = ?, phone = ?, adult = ?, ci = coalesce(?, ci) WHERE id = ?')
    .bind(v.name, v.birthday, v.gender, v.phone, +v.adult, v.ci ?? null, memberId)
    .run();
}

/**
 * A member's verification was asked for (1) or came back refused (3). An approved member (2) stays
 * approved: a new try cannot undo a finished verification. False when nothing changed.
 */
export async function setPersonalAuthStatus(db: D1Database, memberId: number, status: 1 | 3): Promise<boolean> {
  const row = await db.prepare('UPDATE members SET personal_auth_status = ? WHERE id = ? AND personal_auth_status <> 2 RETURNING id').bind(status, memberId).first();
  return row !== null;
}

/** Take one login-attempt slot for this ID and return how many it has used in the current window. */
export async function takeLoginAttempt(db: D1Database, loginId: string, now: number, windowMs: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO login_attempts (login_id, attempts, last_at) VALUES (?1, 1, ?2)
       ON CONFLICT(login_id) DO UPDATE SET
         attempts = CASE WHEN login_attempts.last_at < ?2 - ?3 THEN 1 ELSE login_attempts.attempts + 1 END,
         last_at = ?2
       RETURNING attempts`,
    )
    .bind(loginId, now, windowMs)
    .first<{ attempts: number }>();
  return row!.attempts;
}

/** Take one sign-in slot for this client and return how many its current window has used. */
export async function takeClientLoginAttempt(db: D1Database, clientKey: string, now: number, windowMs: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO login_client_attempts (client_key, attempts, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT(client_key) DO UPDATE SET
         attempts = CASE WHEN login_client_attempts.window_start <= ?2 - ?3 THEN 1 ELSE login_client_attempts.attempts + 1 END,
         window_start = CASE WHEN login_client_attempts.window_start <= ?2 - ?3 THEN ?2 ELSE login_client_attempts.window_start END
       RETURNING attempts`,
    )
    .bind(clientKey, now, windowMs)
    .first<{ attempts: number }>();
  return row!.attempts;
}

/** A successful sign-in gives its slot back: only failures use up a client's allowance. */
export async function returnClientLoginAttempt(db: D1Database, clientKey: string): Promise<void> {
  await db.prepare('UPDATE login_client_attempts SET attempts = attempts - 1 WHERE client_key = ? AND attempts > 0').bind(clientKey).run();
}

export async function clearLoginAttempts(db: D1Database, loginId: string): Promise<void> {
  await db.prepare('DELETE FROM login_attempts WHERE login_id = ?').bind(loginId).run();
}
