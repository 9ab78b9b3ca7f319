// A guest's adult pass: a guest (no account) who verified their identity as an adult may watch adult-only
// broadcasts on this device for GUEST_PASS_TTL_MS, as a verified adult member may; passwords and the
// operators' switches still apply. `<expiry ms>.<hmac>` over the device id (the flx_uuid cookie the API hears as
// X-Device-Id), so a copied pass is useless on another device. The edge keeps it in an HttpOnly cookie and
// sends it as X-Guest-Pass; the page never reads it.

import { hmacSign, hmacVerify } from './crypto';
import { GUEST_PASS_MINUTES } from '../shared/guest-auth';

export const GUEST_PASS_TTL_MS = GUEST_PASS_MINUTES * 60 * 1000;
/** How the edge (or a native app) hands the pass to the API. */
export const GUEST_PASS_HEADER = 'x-guest-pass';

const message = (deviceId: string, expiresAt: number) => `guest-adult:${deviceId}:${expiresAt}`;

export async function signGuestPass(secret: string, deviceId: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + GUEST_PASS_TTL_MS;
  return { token: `${expiresAt}.${await hmacSign(secret, message(deviceId, expiresAt))}`, expiresAt };
}

export async function guestPassValid(secret: string, deviceId: string, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt < now || expiresAt > now + GUEST_PASS_TTL_MS) return false;
  return hmacVerify(secret, message(deviceId, expiresAt), match[2]!);
}
