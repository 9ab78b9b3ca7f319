// npm run ops -- reports [--all] [--limit <n>]   |   npm run ops -- reports close <reportId> [--remote]
// Messages members reported (POST /api/my/messages/declaration/{id}), newest first: open ones unless --all.
// The reported words were copied into the report, so they stand whoever deleted their copy. `close` marks
// one handled. A later customer-service module may fold these into its own reports list.
import { parseArgs } from 'node:util';
import { d1Query } from '../lib/wrangler.mjs';

export const REPORTS_USAGE = 'npm run ops -- reports [--all] [--limit <n>] | npm run ops -- reports close <reportId>';

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { all: { type: 'boolean' }, limit: { type: 'string' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' } },
  });
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be a whole number from 1 to 1000');
  const [, action, id] = positionals;
  if (action !== undefined && (action !== 'close' || !/^[1-9]\d{0,14}$/.test(id ?? ''))) throw new Error('unknown arguments');
  return { all: values.all === true, limit, close: action === 'close' ? Number(id) : null };
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
    const closed = await d1Query("UPDATE message_reports SET status = 'closed' WHERE id = ? RETURNING id", [options.close], target);
    if (closed.length !== 1) {
      console.error(`no report ${options.close}`);
      process.exit(1);
    }
    console.log(`report ${options.close} closed`);
    return;
  }
  const rows = await d1Query(
    `SELECT r.id, r.status, r.message_id AS messageId, r.created_at AS createdAt, rep.login_id AS reporter, s.login_id AS sender, r.reason, r.content
     FROM message_reports r JOIN members rep ON rep.id = r.reporter_id JOIN members s ON s.id = r.sender_id
     WHERE ?1 = 1 OR r.status = 'open' ORDER BY r.id DESC LIMIT ?2`,
    [options.all ? 1 : 0, options.limit],
    target,
  );
  if (rows.length === 0) return console.log(options.all ? 'no reports' : 'no open reports');
  for (const r of rows) {
    // JSON.stringify: the words are shown as data, never as terminal control sequences.
    console.log(
      `#${r.id} [${r.status}] ${new Date(r.createdAt).toISOString()} message ${r.messageId} from ${r.sender}, reported by ${r.reporter}${r.reason ? ` (${JSON.stringify(r.reason)})` : ''}: ${JSON.stringify(r.content)}`,
    );
  }
}
