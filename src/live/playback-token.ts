// Signed playback for restricted streams (adult-only or password-protected): the API hands a viewer who
// passed the check a URL carrying `token=<expiry ms>.<hmac>`; the /live routes refuse such a stream's
// playlist and segments without a valid one. Unrestricted streams need no token.

const encoder = new TextEncoder();

/**
 * Which streams play only with a token: adult-only (adult plus included) or password-protected. The one
 * rule for both sides: the API signs playback for exactly these, and /live refuses them without a token.
 */
export function needsPlaybackToken(stream: { adult: number; adultPlus: number; hasPassword: number }): boolean {
  return stream.adult === 1 || stream.adultPlus === 1 || stream.hasPassword === 1;
}
/** How long a signed playback URL works (a viewer who keeps watching past it reloads the channel page). */
export const PLAYBACK_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  }
  return cachedKey.key;
}

async function mac(secret: string, streamId: number, expiresAt: number): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`playback:${streamId}:${expiresAt}`)));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token letting its holder play one stream until `expiresAt` (epoch ms). */
export async function signPlayback(secret: string, streamId: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + PLAYBACK_TOKEN_TTL_MS;
  return { token: `${expiresAt}.${await mac(secret, streamId, expiresAt)}`, expiresAt };
}

export async function playbackTokenValid(secret: string, streamId: number, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt < now) return false;
  const expected = encoder.encode(await mac(secret, streamId, expiresAt));
  const sent = encoder.encode(match[2]!);
  return expected.length === sent.length && crypto.subtle.timingSafeEqual(expected, sent);
}
