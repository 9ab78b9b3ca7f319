// npm run ops -- dormant <loginId> [--remote]
// Make an account dormant (SPEC §4 expiry flow; services/accounts.ts isDormant: a year without signing in)
// by moving its last sign-in back a year and a day, and end its sessions (as a year's silence would have).
// Its owner then wakes it at /signin/expire: AGREEMENT, IDENTIFICATION, COMPLETE. For testing the flow, and
// for an operator who must put an account to rest.
import { d1Query } from '../lib/wrangler.mjs';

export const DORMANT_USAGE = 'npm run ops -- dormant <loginId>';

const YEAR_AND_A_DAY_MS = 366 * 86_400_000;

/** `loginId`: the account; `target`: parseTarget's (--remote, --persist-to). */
export async function makeDormant(loginId, target) {
  if (!loginId || !/^[A-Za-z0-9_]{1,40}$/.test(loginId)) {
    console.error(`usage: ${DORMANT_USAGE}`);
    process.exit(2);
  }
  const at = Date.now() - YEAR_AND_A_DAY_MS;
  const rows = await d1Query('UPDATE members SET last_login_at = ? WHERE login_id = ? RETURNING id, login_id AS loginId', [at, loginId], target);
  if (rows.length !== 1) {
    console.error(`no member ${loginId}`);
    process.exit(1);
  }
  await d1Query('INSERT OR IGNORE INTO revoked_sessions (family_id) SELECT DISTINCT family_id FROM refresh_tokens WHERE member_id = ?', [rows[0].id], target);
  console.log(`${rows[0].loginId} is dormant (last sign-in ${new Date(at).toISOString()}); the owner wakes it at /signin/expire?loginId=${encodeURIComponent(rows[0].loginId)}`);
}
