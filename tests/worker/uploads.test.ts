import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { acceptUpload, checkUpload, sniff } from '../../src/api/services/uploads';
import { Refusal } from '../../src/lib/errors';
import { IMAGE_TYPES, UPLOAD_KEY_PATTERN, UPLOAD_REQUEST_MAX_BYTES } from '../../src/shared/uploads';
import { Browser, get } from './helpers';
import { file, gif, jpeg, pdf, png, polyglotJpeg, svgWithScript } from './upload-fixtures';
import { insertMember } from './watch-fixtures';

// The upload module (docs/product/community.md, "Uploads, notices and the channel profile") against hostile files: the type from the bytes, dimensions from headers,
// generated keys, inert serving, and bodies too large refused before they are read.

const MB = 1024 * 1024;
const uploadCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads').first<{ n: number }>())!.n;

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Refusal);
  return err as Refusal;
}

const image = (bytes: Uint8Array, name = 'photo.jpg', type?: string) => file(bytes, name, type);

describe('checkUpload', () => {
  it('takes the type from the bytes: a PNG named .gif and declared image/gif is a PNG', async () => {
    const owner = await insertMember();
    const stored = await acceptUpload(env, owner.id, 'test', image(png(120, 80), 'photo.gif', 'image/gif'), IMAGE_TYPES);
    expect(stored).toMatchObject({ contentType: 'image/png', width: 120, height: 80 });
    expect(stored.key).toMatch(UPLOAD_KEY_PATTERN);
    expect(stored.key.endsWith('.png')).toBe(true);
    const served = await get(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(120, 80));
  });

  it('knows JPEG, PNG, GIF, WebP and PDF by their magic numbers, and markup as markup', () => {
    expect(sniff(jpeg(1, 1))).toBe('jpeg');
    expect(sniff(png(1, 1))).toBe('png');
    expect(sniff(gif(1, 1))).toBe('gif');
    expect(sniff(new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniff(pdf())).toBe('pdf');
    expect(sniff(svgWithScript())).toBe('markup');
    expect(sniff(new TextEncoder().encode('\uFEFF  <html><script>x</script>'))).toBe('markup');
    expect(sniff(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toBeNull();
  });

  it('refuses SVG with script, HTML, unknown bytes and a PDF where images are asked for; nothing is stored', async () => {
    const before = await uploadCount();
    expect(await refusal(checkUpload(image(svgWithScript(), 'logo.svg', 'image/svg+xml'), IMAGE_TYPES))).toMatchObject({ status: 415, code: 'UPLOAD_SVG' });
    expect(await refusal(checkUpload(image(svgWithScript(), 'logo.png', 'image/png'), IMAGE_TYPES))).toMatchObject({ status: 415, code: 'UPLOAD_SVG' });
    expect(await refusal(checkUpload(image(new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'x.jpg', 'image/jpeg'), IMAGE_TYPES))).toMatchObject({ code: 'UPLOAD_SVG' });
    expect(await refusal(checkUpload(image(new Uint8Array(64).fill(7), 'x.jpg', 'image/jpeg'), IMAGE_TYPES))).toMatchObject({ status: 415, code: 'UPLOAD_TYPE' });
    expect(await refusal(checkUpload(image(pdf(), 'x.jpg', 'image/jpeg'), IMAGE_TYPES))).toMatchObject({ status: 415, code: 'UPLOAD_TYPE' });
    expect(await refusal(checkUpload(image(new Uint8Array(0)), IMAGE_TYPES))).toMatchObject({ code: 'UPLOAD_TYPE' });
    // A JPEG magic number with no frame header is not an image either.
    expect(await refusal(checkUpload(image(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0])), IMAGE_TYPES))).toMatchObject({ code: 'UPLOAD_UNREADABLE' });
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a 20,000 x 20,000 pixel flood from its header, as PNG, JPEG and GIF; and too long a side or too many pixels', async () => {
    for (const bytes of [png(20_000, 20_000), jpeg(20_000, 20_000), gif(20_000, 20_000), png(8193, 10), jpeg(10, 8193), png(7000, 7000)]) {
      expect(await refusal(checkUpload(image(bytes), IMAGE_TYPES))).toMatchObject({ status: 413, code: 'UPLOAD_DIMENSIONS' });
    }
    // The limits themselves pass: 8192 a side, 40 MP.
    expect(await checkUpload(image(png(8192, 4882)), IMAGE_TYPES)).toMatchObject({ type: 'png', width: 8192, height: 4882 });
  });

  it('refuses a file over the size limit before reading a byte of it', async () => {
    const huge = { size: 100 * MB, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as Blob;
    expect(await refusal(checkUpload(huge, IMAGE_TYPES))).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
    const justOver = new Uint8Array(5 * MB + 1);
    justOver.set(png(10, 10));
    expect(await refusal(checkUpload(image(justOver), IMAGE_TYPES))).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
  });
});

describe('GET /api/uploads/{key}', () => {
  it('serves a JPEG/HTML polyglot as image/jpeg with nosniff and a sandboxing CSP, never as HTML', async () => {
    const owner = await insertMember();
    const stored = await acceptUpload(env, owner.id, 'test', image(polyglotJpeg(), 'page.html', 'text/html'), IMAGE_TYPES);
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.key.endsWith('.jpg')).toBe(true);
    const res = await get(stored.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(polyglotJpeg());
  });

  it('serves anything that is not an image as an attachment', async () => {
    const owner = await insertMember();
    const stored = await acceptUpload(env, owner.id, 'test', file(pdf(), 'contract.html', 'text/html'), ['pdf']);
    const res = await get(stored.url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 400 or 404 for keys it did not make: paths, unknown keys, names', async () => {
    for (const path of [
      '/api/uploads/..%2F..%2Fwrangler.toml',
      '/api/uploads/%2e%2e%2f%2e%2e%2fopenapi.json',
      '/api/uploads/photo.jpg',
      `/api/uploads/${'A'.repeat(32)}.jpg`,
      `/api/uploads/${'A'.repeat(32)}.html`,
    ]) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('content-type') ?? '', path).toContain('json');
    }
  });
});

describe('request bodies over the limit', () => {
  it('a declared 100 MB is refused before a byte is read', async () => {
    const browser = new Browser();
    await browser.open('/');
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 200) controller.close();
        else controller.enqueue(new Uint8Array(MB / 2));
      },
    });
    const res = await browser.fetch('/api/my/channel/profile', { method: 'PUT', body, headers: { 'content-length': String(100 * MB), 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(5);
  });

  it('a streamed body without a length stops being read once it passes the limit', async () => {
    const browser = new Browser();
    await browser.open('/');
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * MB) return controller.close();
        sent += MB;
        controller.enqueue(new Uint8Array(MB));
      },
    });
    const res = await browser.fetch('/api/my/channel/profile', { method: 'PUT', body, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(UPLOAD_REQUEST_MAX_BYTES + 8 * MB);
  });
});
