import { BODY_MAX_BYTES, BODY_READ_TIMEOUT_MS, JSON_MAX_DEPTH } from '../shared/request-limits';
import { UPLOAD_REQUEST_MAX_BYTES } from '../shared/uploads';
import { Refusal } from './errors';

export type BodyRead = { ok: true; body: ArrayBuffer } | { ok: false; reason: 'too-large' | 'too-slow' };

/**
 * A request body read whole, but never more than `max` bytes nor for longer than `deadlineMs`: a declared
 * Content-Length over `max` is refused before reading, a body without one (or lying) stops at the first chunk
 * past `max`, and a body still arriving at the deadline is cancelled.
 */
export async function readBody(request: Request, max: number, deadlineMs: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) return { ok: false, reason: 'too-large' };
  if (!request.body) return { ok: true, body: new ArrayBuffer(0) };
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-slow' };
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(next.value);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, body: out.buffer };
}

/** How deep a JSON text nests (arrays and objects), read without parsing it; strings are skipped. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: the next character is escaped
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) deepest = Math.max(deepest, ++depth);
    else if (ch === 125 || ch === 93) depth--;
  }
  return deepest;
}

/** Multipart bodies carry files and get the upload limit; every other body the small one. */
export const bodyLimitFor = (contentType: string | undefined): number => ((contentType ?? '').toLowerCase().startsWith('multipart/form-data') ? UPLOAD_REQUEST_MAX_BYTES : BODY_MAX_BYTES);

/** BODY_READ_TIMEOUT_MS from the environment when it is a positive number, else the default. */
export function bodyDeadline(env: { BODY_READ_TIMEOUT_MS?: string }): number {
  const configured = Number(env.BODY_READ_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : BODY_READ_TIMEOUT_MS;
}

/**
 * The body of an unsafe request within every limit (size by kind, arrival time, JSON depth), or the Refusal
 * that says which was passed. The caller forwards or re-wraps the bytes returned, so the body is read once.
 */
export async function checkedBody(request: Request, env: { BODY_READ_TIMEOUT_MS?: string }): Promise<ArrayBuffer> {
  const contentType = request.headers.get('content-type') ?? undefined;
  const max = bodyLimitFor(contentType);
  const read = await readBody(request, max, bodyDeadline(env));
  if (!read.ok && read.reason === 'too-slow') throw new Refusal(408, 'BODY_TOO_SLOW', 'security.bodyTooSlow');
  // Uploads keep their own code, which the upload forms explain.
  if (!read.ok) throw max === UPLOAD_REQUEST_MAX_BYTES ? new Refusal(413, 'UPLOAD_TOO_LARGE', 'uploads.requestTooLarge') : new Refusal(413, 'BODY_TOO_LARGE', 'security.bodyTooLarge');
  if ((contentType ?? '').toLowerCase().includes('json') && jsonDepth(new TextDecoder().decode(read.body)) > JSON_MAX_DEPTH) {
    throw new Refusal(400, 'JSON_TOO_DEEP', 'security.jsonTooDeep');
  }
  return read.body;
}
