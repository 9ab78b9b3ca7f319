import { M } from '../../shared/account-rules';
import { randomDigits, randomToken, sha256, timingSafeEqual } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import type { SmsSender } from '../providers/sms';
import { claimPhoneCode, consumePhoneVerifiedToken, deletePhoneCode, latestPhoneKeyOf, setPhoneVerifiedToken, takeCodeAttempt } from '../../db/phone-verifications';

export const SEND_LOCK_MS = 60_000;
const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

export const phoneKey = (countryCode: string, phone: string) => `${countryCode}:${phone}`;

/**
 * Send a code unless one went to this phone in the last 60 s (429 TOO_SOON; 502 SMS_FAILED when the
 * gateway fails). Of any number of simultaneous sends exactly one wins.
 */
export async function sendPhoneCode(db: D1Database, sms: SmsSender, countryCode: string, phone: string, messageFor: (code: string) => string): Promise<void> {
  const now = Date.now();
  const code = randomDigits(6);
  const key = phoneKey(countryCode, phone);
  if (!(await claimPhoneCode(db, key, await sha256(code), now, SEND_LOCK_MS))) throw new Refusal(429, 'TOO_SOON', M.phoneTooSoon);
  try {
    await sms.send(`+${countryCode}${phone}`, messageFor(code));
  } catch (err) {
    console.error('SMS send failed', err);
    await deletePhoneCode(db, key, now);
    throw new Refusal(502, 'SMS_FAILED', M.unknownError);
  }
}

const countryOf = (key: string) => key.slice(0, key.indexOf(':'));

/**
 * Check a code; on success the phone gets a one-time verification token for sign-up. Without a country calling code,
 * the one the latest code for these digits went to.
 */
export async function confirmPhoneCode(db: D1Database, countryCode: string | undefined, phone: string, code: string): Promise<{ token: string; countryCode: string } | null> {
  const key = countryCode ? phoneKey(countryCode, phone) : await latestPhoneKeyOf(db, phone, Date.now() - CODE_TTL_MS);
  if (!key) return null;
  const codeHash = await takeCodeAttempt(db, key, MAX_CODE_ATTEMPTS, Date.now() - CODE_TTL_MS);
  if (!codeHash || !timingSafeEqual(codeHash, await sha256(code))) return null;
  const token = randomToken(24);
  await setPhoneVerifiedToken(db, key, await sha256(token), Date.now());
  return { token, countryCode: countryOf(key) };
}

/** Use a phone verification token once (sign-up): the country calling code it was for, or null. An empty `countryCode` is the token's own. */
export async function consumePhoneToken(db: D1Database, countryCode: string, phone: string, token: string): Promise<string | null> {
  const phoneRef = countryCode ? { phoneKey: phoneKey(countryCode, phone) } : { digits: phone };
  const key = await consumePhoneVerifiedToken(db, phoneRef, await sha256(token), Date.now() - CODE_TTL_MS);
  return key ? countryOf(key) : null;
}
