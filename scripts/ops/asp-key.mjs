// npm run ops -- asp-key <partnerCode> [--remote]
// Mints the ASP key a partner's server sends (X-Asp-Key) to POST /v4/api/asp/accesstoken, replacing any
// earlier one, and prints it once: D1 keeps only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { d1Query } from '../lib/wrangler.mjs';

export const ASP_KEY_USAGE = 'npm run ops -- asp-key <partnerCode> [--remote]';

export async function mintAspKey(partnerCode, target) {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(partnerCode ?? '')) {
    console.error(`usage: ${ASP_KEY_USAGE}`);
    process.exit(2);
  }
  const key = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(key).digest('base64url');
  let written;
  try {
    written = await d1Query(
      `INSERT INTO asp_keys (partner_code, key_hash) SELECT code, ?1 FROM partners WHERE code = ?2
       ON CONFLICT(partner_code) DO UPDATE SET key_hash = excluded.key_hash, created_at = unixepoch() RETURNING partner_code`,
      [hash, partnerCode],
      target,
    );
  } catch (error) {
    console.error(`could not mint the key: ${error.message} (have the migrations been applied? npm run migrate)`);
    process.exit(1);
  }
  if (written.length !== 1) {
    console.error(`no partner with code ${partnerCode}`);
    process.exit(1);
  }
  console.log(key);
  console.error(`ASP key of ${partnerCode} (${target.remote ? 'remote' : 'local'}); earlier keys no longer work`);
}
