// Web Push as the standards define it, with WebCrypto only: the message encrypted for one browser subscription
// (RFC 8291, the aes128gcm content coding of RFC 8188, one record) and the sender identified to the push service
// by a VAPID token signed with our key (RFC 8292). The push service (FCM, Mozilla's, Apple's) only relays bytes it
// cannot read. docs/product/watching-and-chat.md, "Following", says what is sent and when.
import { fromBase64Url, toBase64Url } from './crypto';
import { concatBytes } from '../shared/bytes';

/** What a browser's PushSubscription gives us: where to send, and its keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Our VAPID key pair: the public key uncompressed (65 bytes), the private scalar (32 bytes), both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who to contact about our pushes (mailto: or https:), told to the push service in the token. */
  subject: string;
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline browser, in seconds. */
  ttl: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (at most 32 base64url characters). */
  topic?: string;
}

const encoder = new TextEncoder();
const bytesOf = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(encoder.encode(text));
/** One record holds the whole message: push services take at most 4096 bytes of body. */
const RECORD_SIZE = 4096;
/** Header (salt 16, record size 4, key id length 1, key id 65), padding delimiter 1, AES-GCM tag 16. */
const OVERHEAD = 86 + 1 + 16;
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - OVERHEAD;
/** A VAPID token lives 12 hours (the push service refuses more than 24). */
const TOKEN_SECONDS = 12 * 3600;

function decode(text: string, what: string, length?: number): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64Url(text);
  if (!bytes || (length !== undefined && bytes.length !== length)) throw new Error(`web push: ${what} is not ${length ?? 'some'} bytes of base64url`);
  return bytes;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/**
 * The message's body for one subscription: a fresh ECDH key pair and salt per message, the shared secret mixed with
 * the subscription's auth secret (RFC 8291 section 3.4), then one aes128gcm record with the 0x02 last-record delimiter.
 */
export async function encryptPayload(target: PushTarget, payload: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (payload.length > MAX_PAYLOAD_BYTES) throw new Error(`web push: payload of ${payload.length} bytes is over ${MAX_PAYLOAD_BYTES}`);
  const uaPublic = decode(target.p256dh, 'p256dh', 65);
  const authSecret = decode(target.auth, 'auth', 16);
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ours = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', ours.publicKey)) as ArrayBuffer);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey } as SubtleCryptoDeriveKeyAlgorithm, ours.privateKey, 256));

  const ikm = await hkdf(authSecret, shared, concatBytes(bytesOf('WebPush: info\0'), uaPublic, asPublic), 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, bytesOf('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, bytesOf('Content-Encoding: nonce\0'), 12);

  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concatBytes(payload, new Uint8Array([2]))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concatBytes(header, asPublic, sealed);
}

/** Our private key as a WebCrypto signing key (its JWK needs the public point too). */
async function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = decode(keys.publicKey, 'VAPID public key', 65);
  decode(keys.privateKey, 'VAPID private key', 32);
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33, 65)), ext: false };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

/**
 * One token serves every push to the same push service for hours: the isolate keeps it per service and key until an
 * hour before it expires (a fan-out to thousands of browsers of one service signs once, not thousands of times).
 */
const tokens = new Map<string, { header: string; until: number }>();
const TOKEN_REUSE_MS = (TOKEN_SECONDS - 3600) * 1000;

/** The Authorization header for one push service (the token's audience is its origin). */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): Promise<string> {
  const audience = new URL(endpoint).origin;
  const kept = tokens.get(`${audience} ${keys.publicKey}`);
  if (kept && kept.until > now) return kept.header;
  const header = await signToken(audience, keys, now);
  tokens.set(`${audience} ${keys.publicKey}`, { header, until: now + TOKEN_REUSE_MS });
  return header;
}

async function signToken(audience: string, keys: VapidKeys, now: number): Promise<string> {
  const part = (value: object) => toBase64Url(encoder.encode(JSON.stringify(value)));
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud: audience, exp: Math.floor(now / 1000) + TOKEN_SECONDS, sub: keys.subject })}`;
  // WebCrypto's ECDSA signature is already JOSE's r || s (64 bytes), not DER.
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(keys), encoder.encode(unsigned)));
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${keys.publicKey}`;
}

/** The push service's request for one subscription (POST to its endpoint). */
export async function pushRequest(target: PushTarget, payload: string, keys: VapidKeys, options: PushOptions): Promise<Request> {
  const body = await encryptPayload(target, encoder.encode(payload));
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(target.endpoint, keys),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(options.ttl),
    urgency: options.urgency ?? 'normal',
  };
  if (options.topic) headers.topic = options.topic;
  return new Request(target.endpoint, { method: 'POST', headers, body });
}
