// npm run ops -- errors [--limit N] [--source browser|worker] [--json] [--persist-to DIR]
// What the local error collector kept (migration 0020): browsers' reports (Sentry envelopes sent to
// /__errors/api/1/envelope/) and the Worker's own 5xx answers and failed page loads, newest first.
// Production keeps none here: its browsers report to SENTRY_DSN_BROWSER's project, its Worker to Workers Logs.
import { d1Query } from '../lib/wrangler.mjs';

export const ERRORS_USAGE = 'npm run ops -- errors [--limit 20] [--source browser|worker] [--json]';

export async function listErrors(argv, options) {
  const value = (name) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const limit = Number(value('--limit') ?? 20);
  const source = value('--source');
  if (!Number.isInteger(limit) || limit < 1 || limit > 500 || (source !== undefined && source !== 'browser' && source !== 'worker')) {
    console.error(`usage: ${ERRORS_USAGE}`);
    process.exit(2);
  }
  const rows = await d1Query(
    `SELECT id, at, source, release, environment, brand, page, type, message, stack, user_agent AS userAgent
     FROM error_reports WHERE ?1 IS NULL OR source = ?1 ORDER BY id DESC LIMIT ?2`,
    [source ?? null, limit],
    options,
  );
  if (argv.includes('--json')) return console.log(JSON.stringify(rows));
  if (rows.length === 0) return console.log('no error reports');
  for (const r of rows) {
    console.log(`#${r.id} ${new Date(r.at).toISOString()} ${r.source} ${r.brand ?? '-'} ${r.page ?? '-'} ${r.release ?? '-'}`);
    console.log(`  ${r.type ?? 'Error'}: ${r.message}`);
    if (r.stack)
      console.log(
        r.stack
          .split('\n')
          .slice(0, 4)
          .map((line) => `  ${line.trim()}`)
          .join('\n'),
      );
  }
}
