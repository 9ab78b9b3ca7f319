// The Worker's one crypto module: base64 and base64url, HMAC-SHA256 signatures under the server secret (XSRF
// tokens, playback tokens, chat tickets) and under the providers' keys (the PG's webhooks, NICE's integrity value,
// the dev identity form's CI), passwords (PBKDF2-SHA256, per-user salt, at most 100,000 iterations in workerd),
// opaque tokens and hashes. Every signed thing puts its own prefix in the MAC input, so one can never pass for
// another signed with the same secret.
// It imports nothing and uses only WebCrypto, so scripts run by Node 22 import it too (scripts/ops/deposit.mjs).

const ITERATIONS = 100_000;
const encoder = new TextEncoder();

/** Standard base64, padded. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The bytes of a standard (padded) base64 text; null when it is not one. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text; null when it is not one. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

const importHmacKey = (secret: string) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC-SHA256 key of a secret, imported once per isolate (every request may sign or check something); also what
 * the access tokens are signed and verified with (hono/jwt takes it as an HS256 key).
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = importHmacKey(secret);
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * HMAC-SHA256 of `message` under `secret` (its UTF-8 bytes), as bytes. `once`: a key used for one request only
 * (NICE's per-request key) is imported for this call and not kept.
 */
export async function hmacSha256(secret: string, message: string, { once = false } = {}): Promise<Uint8Array> {
  const key = once ? await importHmacKey(secret) : await hmacKey(secret);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/** HMAC-SHA256 of `message` under `secret`, base64url (43 characters). */
export async function hmacSign(secret: string, message: string): Promise<string> {
  return toBase64Url(await hmacSha256(secret, message));
}

/** HMAC-SHA256 of `message` under `secret`, standard base64 (44 characters, padded): what the providers' schemes send. */
export async function hmacBase64(secret: string, message: string, options: { once?: boolean } = {}): Promise<string> {
  return toBase64(await hmacSha256(secret, message, options));
}

/**
 * Whether `mac` is exactly the base64url HMAC of `message` under `secret`, compared as text in constant
 * time: a non-canonical spelling of the same bytes (other padding bits in the last character) is refused.
 */
export async function hmacVerify(secret: string, message: string, mac: string): Promise<boolean> {
  return timingSafeEqual(await hmacSign(secret, message), mac);
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A random decimal code of `digits` digits (phone verification). */
export function randomDigits(digits: number): string {
  const values = crypto.getRandomValues(new Uint32Array(digits));
  return [...values].map((v) => String(v % 10)).join('');
}

export async function sha256(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** Constant-time comparison of two strings of equal length. */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.length !== y.length) return false;
  return crypto.subtle.timingSafeEqual(x, y);
}

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false;
  const saltBytes = fromBase64Url(salt);
  if (!saltBytes) return false;
  const actual = await pbkdf2(password, saltBytes, Number(iterations));
  return timingSafeEqual(toBase64Url(actual), hash);
}

/** A stored hash to compare against when the account does not exist, so timing does not tell. */
export const DUMMY_PASSWORD_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
