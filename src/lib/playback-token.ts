// Signed playback for restricted streams (adult-only or password-protected): the API hands a viewer who
// passed the check a URL carrying `token=<expiry ms>.<hmac>`; the /live routes refuse such a stream's
// playlist and segments without a valid one. Unrestricted streams need no token.

import { hmacSign, hmacVerify } from './crypto';

/** How long a signed playback URL works (a viewer who keeps watching past it reloads the channel page). */
export const PLAYBACK_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

const message = (streamId: number, expiresAt: number) => `playback:${streamId}:${expiresAt}`;

/** A token letting its holder play one stream until `expiresAt` (epoch ms). */
export async function signPlayback(secret: string, streamId: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + PLAYBACK_TOKEN_TTL_MS;
  return { token: `${expiresAt}.${await hmacSign(secret, message(streamId, expiresAt))}`, expiresAt };
}

export async function playbackTokenValid(secret: string, streamId: number, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt < now) return false;
  return hmacVerify(secret, message(streamId, expiresAt), match[2]!);
}
