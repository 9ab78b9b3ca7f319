/**
 * A request body read whole, but never more than `max` bytes of it: a declared Content-Length over `max`
 * is refused before reading anything, and a body without one (or lying about it) stops being read at
 * the first chunk past `max`. Null when the body is too large.
 */
export async function readCapped(request: Request, max: number): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out.buffer;
}
