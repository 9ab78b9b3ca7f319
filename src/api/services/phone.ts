import { M } from '../../shared/account-rules';
import { randomDigits, randomToken, sha256, timingSafeEqual } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import type { SmsSender } from '../providers/sms';

export const SEND_LOCK_MS = 60_000;
const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

export const phoneKey = (countryCode: string, phone: string) => `${countryCode}:${phone}`;

/**
 * Send a code unless one went to this phone in the last 60 s (429 TOO_SOON; 502 SMS_FAILED when the gateway fails). The upsert only replaces a row older than
 * the lock, and SQLite runs it atomically, so of any number of simultaneous sends exactly one wins.
 */
export async function sendPhoneCode(db: D1Database, sms: SmsSender, countryCode: string, phone: string, messageFor: (code: string) => string): Promise<void> {
  const now = Date.now();
  const code = randomDigits(6);
  const key = phoneKey(countryCode, phone);
  const won = await db
    .prepare(
      `INSERT INTO phone_verifications (phone_key, code_hash, sent_at, attempts) VALUES (?1, ?2, ?3, 0)
       ON CONFLICT(phone_key) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at, attempts = 0,
         verified_token = NULL, verified_at = NULL
       WHERE phone_verifications.sent_at <= ?3 - ?4
       RETURNING phone_key`,
    )
    .bind(key, await sha256(code), now, SEND_LOCK_MS)
    .first();
  if (!won) throw new Refusal(429, 'TOO_SOON', M.phoneTooSoon);
  try {
    await sms.send(`+${countryCode}${phone}`, messageFor(code));
  } catch (err) {
    console.error('SMS send failed', err);
    await db.prepare('DELETE FROM phone_verifications WHERE phone_key = ? AND sent_at = ?').bind(key, now).run();
    throw new Refusal(502, 'SMS_FAILED', M.unknownError);
  }
}

/** Check a code; on success the phone gets a one-time verification token for sign-up. */
export async function confirmPhoneCode(db: D1Database, countryCode: string, phone: string, code: string): Promise<string | null> {
  const key = phoneKey(countryCode, phone);
  const row = await db
    .prepare('UPDATE phone_verifications SET attempts = attempts + 1 WHERE phone_key = ? AND attempts < ? AND sent_at > ? RETURNING code_hash')
    .bind(key, MAX_CODE_ATTEMPTS, Date.now() - CODE_TTL_MS)
    .first<{ code_hash: string }>();
  if (!row || !timingSafeEqual(row.code_hash, await sha256(code))) return null;
  const token = randomToken(24);
  await db.prepare('UPDATE phone_verifications SET verified_token = ?, verified_at = ? WHERE phone_key = ?').bind(await sha256(token), Date.now(), key).run();
  return token;
}

/** Use a phone verification token once (sign-up). */
export async function consumePhoneToken(db: D1Database, countryCode: string, phone: string, token: string): Promise<boolean> {
  const result = await db
    .prepare('UPDATE phone_verifications SET verified_token = NULL WHERE phone_key = ? AND verified_token = ? AND verified_at > ?')
    .bind(phoneKey(countryCode, phone), await sha256(token), Date.now() - CODE_TTL_MS)
    .run();
  return result.meta.changes === 1;
}
