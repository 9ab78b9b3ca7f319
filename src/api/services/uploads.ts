// The one upload module: every file a member uploads passes here. The type is what the bytes
// prove (magic numbers), never the name or the declared type; images are measured from their headers
// without decoding, so a pixel flood is refused before anything holds its pixels; SVG (script in an
// image) is refused; the R2 key is random and nothing the user sent reaches it. Serving is the upload
// route's (src/api/routes/uploads.ts): the stored type, nosniff, a sandboxing CSP, attachment for
// anything that is not an image.

import { imageSize } from 'image-size';
import { UPLOAD_LIMITS, UPLOAD_TYPES, UPLOAD_KEY_PATTERN, uploadUrl, type UploadType } from '../../shared/uploads';
import { randomToken } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import { deleteUploads, findUpload, insertUploadStatement, type UploadRow } from '../../db/uploads';

/** A file as a form brings it (a File; only its size and bytes count, never its name or declared type). */
export interface UploadFile {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A file that passed every check, not stored yet. */
export interface CheckedUpload {
  type: UploadType;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
}

/** A stored file, as answers carry it. */
export interface StoredUpload {
  key: string;
  url: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The type the first bytes prove, 'markup' for text that opens like XML, HTML or SVG, else null. */
export function sniff(bytes: Uint8Array): UploadType | 'markup' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  // SVG is an image that can carry script: refused, and told apart so the message says why.
  const text = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'markup';
  return null;
}

/** image-size's names for our image types. */
const MEASURED_AS: Partial<Record<UploadType, string>> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** Width and height from the image's header (no decoding); refused when unreadable or too big. */
function measure(type: UploadType, bytes: Uint8Array): { width: number; height: number } {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw new Refusal(415, 'UPLOAD_UNREADABLE', 'uploads.unreadable');
  }
  const { width, height } = size;
  if (size.type !== MEASURED_AS[type] || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Refusal(415, 'UPLOAD_UNREADABLE', 'uploads.unreadable');
  }
  if (width > UPLOAD_LIMITS.imageSide || height > UPLOAD_LIMITS.imageSide || width * height > UPLOAD_LIMITS.imagePixels) {
    throw new Refusal(413, 'UPLOAD_DIMENSIONS', 'uploads.dimensions');
  }
  return { width, height };
}

/**
 * Check one file against `accept` (IMAGE_TYPES for images): its size before reading it, then the type
 * its bytes prove, then (images) its dimensions. Refusals: 413 UPLOAD_TOO_LARGE, 415 UPLOAD_SVG,
 * 415 UPLOAD_TYPE, 415 UPLOAD_UNREADABLE, 413 UPLOAD_DIMENSIONS.
 */
export async function checkUpload(file: UploadFile, accept: readonly UploadType[]): Promise<CheckedUpload> {
  const images = accept.every((t) => UPLOAD_TYPES[t].image);
  const limit = images ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.fileBytes;
  if (file.size > limit) throw new Refusal(413, 'UPLOAD_TOO_LARGE', images ? 'uploads.imageTooLarge' : 'uploads.fileTooLarge');
  if (file.size === 0) throw new Refusal(415, 'UPLOAD_TYPE', 'uploads.type');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniff(bytes);
  if (type === 'markup') throw new Refusal(415, 'UPLOAD_SVG', 'uploads.svg');
  if (type === null || !accept.includes(type)) throw new Refusal(415, 'UPLOAD_TYPE', 'uploads.type');
  if (!UPLOAD_TYPES[type].image) return { type, bytes, width: null, height: null };
  return { type, bytes, ...measure(type, bytes) };
}

/** A fresh key: random, with the extension of the proven type. */
const newKey = (type: UploadType) => `${randomToken(24)}.${UPLOAD_TYPES[type].ext}`;

/**
 * Put a checked file in R2 under a new key and record it (owner, purpose, type, size). The object is
 * written first: a row never names a missing object (an object whose row failed is only unreachable).
 */
export async function storeUpload(env: Env, ownerId: number, purpose: string, checked: CheckedUpload, now = Date.now()): Promise<StoredUpload> {
  const { contentType } = UPLOAD_TYPES[checked.type];
  const key = newKey(checked.type);
  await env.UPLOADS.put(key, checked.bytes, { httpMetadata: { contentType } });
  const row: UploadRow = { key, ownerId, purpose, contentType, size: checked.bytes.byteLength, width: checked.width, height: checked.height, createdAt: now };
  await insertUploadStatement(env.DB, row).run();
  return { key, url: uploadUrl(key), contentType, size: row.size, width: row.width, height: row.height };
}

/** Check and store in one go (one file). */
export async function acceptUpload(env: Env, ownerId: number, purpose: string, file: UploadFile, accept: readonly UploadType[]): Promise<StoredUpload> {
  return storeUpload(env, ownerId, purpose, await checkUpload(file, accept));
}

/** Agency contracts: never served by the public upload route, only through a signed link to their creator. */
export const CONTRACT_PURPOSE = 'agency-contract';
/**
 * Purposes whose files are private: customer service attachments (an inquiry's screenshots, a report's
 * evidence, an account change's documents), served by their own route (src/api/routes/cs.ts) to their writer
 * and staff, and agency contracts. The public route answers them as missing.
 */
export const PRIVATE_UPLOAD_PURPOSES = ['cs-inquiry', 'cs-report', 'cs-account-change', CONTRACT_PURPOSE] as const;
const isPrivate = (purpose: string) => (PRIVATE_UPLOAD_PURPOSES as readonly string[]).includes(purpose);

/**
 * A stored file to serve: its bytes and the type recorded when its bytes were checked. `access`: 'public' serves
 * no private file; 'cs' a customer service attachment, CONTRACT_PURPOSE a contract, once the caller checked the right.
 */
export async function openUpload(
  env: Env,
  key: string,
  access: 'public' | 'cs' | typeof CONTRACT_PURPOSE = 'public',
): Promise<{ body: ReadableStream; contentType: string; size: number; image: boolean } | null> {
  if (!UPLOAD_KEY_PATTERN.test(key)) return null;
  const row = await findUpload(env.DB, key);
  if (!row) return null;
  if (isPrivate(row.purpose) && !(access === 'cs' ? row.purpose.startsWith('cs-') : access === row.purpose)) return null;
  const object = await env.UPLOADS.get(key);
  if (!object) return null;
  const image = Object.values(UPLOAD_TYPES).some((t) => t.image && t.contentType === row.contentType);
  return { body: object.body, contentType: row.contentType, size: object.size, image };
}

/** What an answer says about a stored image (null when there is none). */
export async function describeUpload(db: D1Database, key: string | null): Promise<StoredUpload | null> {
  if (!key) return null;
  const row = await findUpload(db, key);
  return row ? { key, url: uploadUrl(key), contentType: row.contentType, size: row.size, width: row.width, height: row.height } : null;
}

/** Files no longer used (a notice's removed images): their rows and objects go, unless something else still references them. */
export async function discardUploads(env: Env, keys: string[]): Promise<void> {
  const gone = await deleteUploads(env.DB, keys);
  if (gone.length > 0) await env.UPLOADS.delete(gone);
}
