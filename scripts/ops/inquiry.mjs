// npm run ops -- inquiry [list] [--all] [--limit <n>] --as <staff>   |   npm run ops -- inquiry show <id> --as <staff>
// npm run ops -- inquiry answer <id> --as <staff loginId> --text "<answer>"
// Members' customer service inquiries (POST /api/cs/inquiry-write): the ones waiting for an answer, oldest
// first (all of them with --all); one in full; and answering one. All three go through the staff API the staff page
// /staff/cs calls, signed in as the staff member named by --as (a P or O member, password in OPS_PASSWORD): the
// answer is checked and written to the staff audit log there, and the member reads it on their inquiry page at once.
// Words are printed with JSON.stringify: data, never terminal control sequences.
import { parseArgs } from 'node:util';
import { answerOf, asStaff, option } from '../lib/staff-session.mjs';

export const INQUIRY_USAGE =
  'npm run ops -- inquiry [list] [--all] [--limit <n>] | npm run ops -- inquiry show <id> | npm run ops -- inquiry answer <id> --text "<answer>", each --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';
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
      text: { type: 'string' },
      url: { type: 'string' },
      port: { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  const [, action = 'list', id] = positionals;
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new Error(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  if (values.remote) throw new Error('inquiries go through a running Worker: use --url https://<site> instead of --remote');
  if (!['list', 'show', 'answer'].includes(action)) throw new Error(`unknown action ${action}`);
  if (action !== 'list' && !/^[1-9]\d{0,14}$/.test(id ?? '')) throw new Error('an inquiry id is needed');
  if (action === 'answer' && values.text === undefined) throw new Error('--text "<answer>" is needed');
  return { action, id, all: values.all === true, limit, text: values.text };
}

const when = (ms) => (ms ? new Date(ms).toISOString() : '-');

/** `argv`: the command line after `ops` (the word `inquiry` included). */
export async function inquiry(argv) {
  let o;
  try {
    o = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${INQUIRY_USAGE}`);
    process.exit(2);
  }
  await asStaff(argv, INQUIRY_USAGE, async (session) => {
    if (o.action === 'answer') {
      const res = await session.fetch(`/api/admin/cs/inquiries/${o.id}/answer`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answer: o.text }),
      });
      if (await answerOf(res, `inquiry ${o.id}`)) console.log(`inquiry ${o.id} answered by ${option(argv, '--as') ?? process.env.OPS_LOGIN_ID}`);
      return;
    }
    if (o.action === 'show') {
      const row = await answerOf(await session.fetch(`/api/cs/inquiry-detail/${o.id}`), `inquiry ${o.id}`);
      if (!row) return;
      console.log(`#${row.id} ${row.boardType} category ${row.categoryId} from ${row.member.loginId} at ${when(row.createdAt)}, ${row.attachments.length} file(s)`);
      console.log(`title:   ${JSON.stringify(row.title)}\ncontent: ${JSON.stringify(row.content)}`);
      console.log(row.answer === null ? 'answer:  (waiting)' : `answer:  ${JSON.stringify(row.answer)} at ${when(row.answeredAt)}`);
      return;
    }
    const list = await answerOf(await session.fetch(`/api/admin/cs/inquiries?status=${o.all ? 'all' : 'open'}&limit=${o.limit}`), 'inquiries');
    if (!list) return;
    if (list.items.length === 0) return console.log(o.all ? 'no inquiries' : 'no inquiries waiting for an answer');
    for (const r of list.items) {
      console.log(`#${r.id} [${r.status}] ${when(r.createdAt)} ${r.boardType}/${r.categoryId} from ${r.member.loginId}: ${JSON.stringify(r.title)} (${r.attachments.length} file(s))`);
    }
  });
}
