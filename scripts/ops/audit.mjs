// npm run ops -- audit [--limit <n>] [--before <id>] [--json] --as <staff loginId> [--url URL | --port N]
//
// The staff audit log, newest first: who did what to what, when, with the state before and after. Read through the
// staff API (GET /api/admin/audit) of a running Worker, signed in as a staff member (password in OPS_PASSWORD), as
// the console at /staff reads it.
import { answerOf, asStaff, option } from '../lib/staff-session.mjs';

export const AUDIT_USAGE = 'npm run ops -- audit [--limit <n>] [--before <id>] [--json] --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';

export async function audit(argv, target) {
  if (target.remote) throw new Error('the audit log is read through a running Worker: use --url https://<site> instead of --remote');
  const limit = option(argv, '--limit') ?? '50';
  const before = option(argv, '--before');
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 200 || (before !== undefined && !/^[1-9]\d{0,14}$/.test(before))) {
    console.error(`--limit is 1 to 200, --before an entry's id\nusage: ${AUDIT_USAGE}`);
    process.exit(2);
  }
  const query = new URLSearchParams({ limit, ...(before ? { beforeId: before } : {}) });
  await asStaff(argv, AUDIT_USAGE, async (session) => {
    const body = await answerOf(await session.fetch(`/api/admin/audit?${query}`), 'audit');
    if (!body) return;
    if (argv.includes('--json')) return console.log(JSON.stringify(body.items));
    if (body.items.length === 0) return console.log('no staff actions');
    for (const row of body.items) {
      // JSON.stringify: stored values are shown as data, never as terminal control sequences.
      console.log(
        `#${row.id} ${new Date(row.at).toISOString()} ${row.actor ?? '?'} ${row.action} ${row.targetType} ${JSON.stringify(row.targetId)}: ${JSON.stringify(row.before)} -> ${JSON.stringify(row.after)}`,
      );
    }
  });
}
