import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { Refusal } from '../../lib/errors';
import { UPLOAD_KEY_PATTERN, UPLOAD_TYPES } from '../../shared/uploads';
import { openUpload } from '../services/uploads';

/**
 * A stored file is inert wherever it is opened: the type its bytes proved (never sniffed again:
 * nosniff), a CSP that lets it load nothing and run nothing even if a browser took it for a document,
 * and anything that is not an image is a download. Keys are random and the bytes never change, so it
 * may be cached for good.
 */
export function servedHeaders(contentType: string, size: number, image: boolean, cacheControl = 'public, max-age=31536000, immutable'): Record<string, string> {
  return {
    'content-type': contentType,
    'content-length': String(size),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': image ? 'inline' : 'attachment',
    'cache-control': cacheControl,
    'cross-origin-resource-policy': 'same-site',
  };
}

/** Uploaded files: every upload is stored by src/api/services/uploads.ts and served here. */
export const uploadRoutes = new Hono<ApiEnv>().get(
  '/api/uploads/:key',
  operation({
    tag: 'Uploads',
    summary: 'An uploaded file (notice images, channel profile images)',
    description: 'Served as the type its bytes proved when it was uploaded, with nosniff and a sandboxing CSP; anything that is not an image comes as an attachment.',
    ok: { binary: Object.values(UPLOAD_TYPES).map((t) => t.contentType) },
    okDescription: 'The file',
    refusals: { 404: 'No such file (UPLOAD_NOT_FOUND)' },
  }),
  validate('param', z.object({ key: z.string().regex(UPLOAD_KEY_PATTERN) })),
  async (c) => {
    const file = await openUpload(c.env, c.req.valid('param').key);
    if (!file) throw new Refusal(404, 'UPLOAD_NOT_FOUND', 'uploads.notFound');
    return c.body(file.body, 200, servedHeaders(file.contentType, file.size, file.image));
  },
);
