// Local D1 and the uploads bucket for scripts that write both (the emoji seed, an agency's contract from
// ops): the bindings of wrangler.toml in an empty Worker on the same state `npm start` and wrangler use.
import { resolve } from 'node:path';
import { DEFAULT_STATE } from './wrangler.mjs';

/** Runs `fn({ db, uploads })` against local state (`target.persistTo`, else the default), then closes it. */
export async function withLocalStore(target, fn) {
  const [{ Miniflare, convertV4MiniflareOptions }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import('miniflare'), import('wrangler')]);
  const { d1Databases, r2Buckets } = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions;
  const mf = new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: 'export default {}', d1Databases, r2Buckets, resourcePersistencePath: resolve(target.persistTo ?? DEFAULT_STATE, 'v3') }),
  );
  try {
    return await fn({ db: await mf.getD1Database('DB'), uploads: await mf.getR2Bucket('UPLOADS') });
  } finally {
    await mf.dispose();
  }
}

/** A key as the upload module makes them: 32 random base64url characters and the type's extension. */
export async function uploadKey(ext) {
  const { randomBytes } = await import('node:crypto');
  return `${randomBytes(24).toString('base64url')}.${ext}`;
}
