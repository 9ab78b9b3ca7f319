// npm run ops -- reports [--all] [--limit <n>] --as <staff>   |   npm run ops -- reports close <reportId|cs:reportId> --as <staff>
// What members reported, newest first, open ones unless --all: messages (POST /api/my/messages/declaration/{id},
// listed as #<id>) and channels, chat lines, members and board posts (POST /api/cs/declaration-post, listed
// as #cs:<id>). Reported words were copied into the report, so they stand whoever deleted their copy.
// Both go through the staff API the staff page /staff/cs calls (GET /api/admin/cs/reports, PUT .../close), signed in
// as a staff member (password in OPS_PASSWORD), so a close is checked and written to the staff audit log alike.
import { parseArgs } from 'node:util';
import { answerOf, asStaff } from '../lib/staff-session.mjs';

export const REPORTS_USAGE =
  'npm run ops -- reports [--all] [--limit <n>] | npm run ops -- reports close <reportId|cs:reportId>, each --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';
/** The staff API's page limit (CS_LIMITS.maxPageLimit). */
const MAX_LIMIT = 50;

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      limit: { type: 'string' },
      as: { type: 'string' },
      url: { type: 'string' },
      port: { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new Error(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  if (values.remote) throw new Error('reports go through a running Worker: use --url https://<site> instead of --remote');
  const [, action, id] = positionals;
  const closing = /^(cs:)?([1-9]\d{0,14})$/.exec(id ?? '');
  if (action !== undefined && (action !== 'close' || !closing)) throw new Error('unknown arguments');
  return { all: values.all === true, limit, close: action === 'close' ? { source: closing[1] ? 'cs' : 'message', id: closing[2], label: id } : null };
}

/** What the report is about, as the command line always showed it. */
function targetOf(r) {
  if (r.source === 'message') return `message ${r.targetId} from ${r.target?.loginId ?? '?'}`;
  return `${r.targetType} ${r.targetId}${r.targetType === 'channel' && r.target ? ` of ${r.target.loginId}` : ''}`;
}

/** `argv`: the command line after `ops` (the word `reports` included). */
export async function reports(argv) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${REPORTS_USAGE}`);
    process.exit(2);
  }
  await asStaff(argv, REPORTS_USAGE, async (session) => {
    if (options.close !== null) {
      const { source, id, label } = options.close;
      const closed = await answerOf(await session.fetch(`/api/admin/cs/reports/${source}/${id}/close`, { method: 'PUT' }), `report ${label}`);
      if (closed) console.log(`report ${label} closed`);
      return;
    }
    const list = await answerOf(await session.fetch(`/api/admin/cs/reports?status=${options.all ? 'all' : 'open'}&limit=${options.limit}`), 'reports');
    if (!list) return;
    if (list.items.length === 0) return console.log(options.all ? 'no reports' : 'no open reports');
    for (const r of list.items) {
      const words = r.quote ?? r.content;
      // JSON.stringify: the words are shown as data, never as terminal control sequences.
      console.log(
        `#${r.source === 'cs' ? 'cs:' : ''}${r.id} [${r.status}] ${new Date(r.createdAt).toISOString()} ${targetOf(r)}, reported by ${r.reporter.loginId}${r.reason ? ` (${JSON.stringify(r.reason)})` : ''}: ${JSON.stringify(words)}`,
      );
    }
  });
}
