// npm run ops -- reports [--all] [--limit <n>]   |   npm run ops -- reports close <reportId|cs:reportId> [--remote]
// What members reported, newest first, open ones unless --all: messages (POST /api/my/messages/declaration/{id},
// listed as #<id>) and channels, chat lines, members and board posts (POST /api/cs/declaration-post, listed
// as #cs:<id>). Reported words were copied into the report, so they stand whoever deleted their copy.
// `close` marks one handled; the staff page /staff/cs lists and closes the same reports.
import { parseArgs } from 'node:util';
import { d1Query } from '../lib/wrangler.mjs';

export const REPORTS_USAGE = 'npm run ops -- reports [--all] [--limit <n>] | npm run ops -- reports close <reportId|cs:reportId>';

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { all: { type: 'boolean' }, limit: { type: 'string' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' } },
  });
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be a whole number from 1 to 1000');
  const [, action, id] = positionals;
  const closing = /^(cs:)?([1-9]\d{0,14})$/.exec(id ?? '');
  if (action !== undefined && (action !== 'close' || !closing)) throw new Error('unknown arguments');
  return { all: values.all === true, limit, close: action === 'close' ? { table: closing[1] ? 'cs_reports' : 'message_reports', id: Number(closing[2]), label: id } : null };
}

/** `argv`: the command line after `ops` (the word `reports` included); `target`: parseTarget's. */
export async function reports(argv, target) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${REPORTS_USAGE}`);
    process.exit(2);
  }
  if (options.close !== null) {
    const { table, id, label } = options.close;
    const closed =
      table === 'cs_reports'
        ? await d1Query("UPDATE cs_reports SET status = 'closed', handled_at = ? WHERE id = ? RETURNING id", [Date.now(), id], target)
        : await d1Query("UPDATE message_reports SET status = 'closed' WHERE id = ? RETURNING id", [id], target);
    if (closed.length !== 1) {
      console.error(`no report ${label}`);
      process.exit(1);
    }
    console.log(`report ${label} closed`);
    return;
  }
  const rows = await d1Query(
    `SELECT * FROM (
       SELECT CAST(r.id AS TEXT) AS id, r.status, 'message ' || r.message_id || ' from ' || s.login_id AS target, r.created_at AS createdAt, rep.login_id AS reporter,
         r.reason, r.content
       FROM message_reports r JOIN members rep ON rep.id = r.reporter_id JOIN members s ON s.id = r.sender_id
       UNION ALL
       SELECT 'cs:' || r.id, r.status,
         r.target_type || ' ' || r.target_id || CASE WHEN r.target_type = 'channel' THEN COALESCE(' of ' || t.login_id, '') ELSE '' END,
         r.created_at, rep.login_id, r.reason, COALESCE(r.quote, r.content)
       FROM cs_reports r JOIN members rep ON rep.id = r.reporter_id LEFT JOIN members t ON t.id = r.target_member_id)
     WHERE ?1 = 1 OR status = 'open' ORDER BY createdAt DESC LIMIT ?2`,
    [options.all ? 1 : 0, options.limit],
    target,
  );
  if (rows.length === 0) return console.log(options.all ? 'no reports' : 'no open reports');
  for (const r of rows) {
    // JSON.stringify: the words are shown as data, never as terminal control sequences.
    console.log(
      `#${r.id} [${r.status}] ${new Date(r.createdAt).toISOString()} ${r.target}, reported by ${r.reporter}${r.reason ? ` (${JSON.stringify(r.reason)})` : ''}: ${JSON.stringify(r.content)}`,
    );
  }
}
