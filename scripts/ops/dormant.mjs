// npm run ops -- dormant <loginId> --as <staff loginId> [--url URL | --port N]
// Make an account dormant (docs/product/community.md, "Dormant accounts"; services/accounts.ts isDormant: a year without signing in): its last
// sign-in moves back a year and a day and its sessions end (as a year's silence would have). Its owner then wakes it
// at /signin/expire: AGREEMENT, IDENTIFICATION, COMPLETE. For testing the flow, and for an operator who must put an
// account to rest. It goes through the staff API (POST /api/admin/dormant), signed in as a P or O member (password in
// OPS_PASSWORD), which writes the change and its staff audit row together.
import { answerOf, asStaff } from '../lib/staff-session.mjs';

export const DORMANT_USAGE = 'npm run ops -- dormant <loginId> --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';

/** `argv`: the command line after `ops`; `target`: parseTarget's. */
export async function makeDormant(argv, target) {
  const loginId = target.words[1];
  if (!loginId || !/^[A-Za-z0-9_]{1,40}$/.test(loginId)) {
    console.error(`usage: ${DORMANT_USAGE}`);
    process.exit(2);
  }
  if (target.remote) throw new Error('dormant goes through a running Worker: use --url https://<site> instead of --remote');
  await asStaff(argv, DORMANT_USAGE, async (session) => {
    const done = await answerOf(await session.post('/api/admin/dormant', { loginId }), `dormant ${loginId}`);
    if (!done) return;
    console.log(`${done.loginId} is dormant (last sign-in ${new Date(done.lastLoginAt).toISOString()}); the owner wakes it at /signin/expire?loginId=${encodeURIComponent(done.loginId)}`);
  });
}
