// npm run ops -- inquiry [list] [--all] [--limit <n>]   |   npm run ops -- inquiry show <id>
// npm run ops -- inquiry answer <id> --as <staff loginId> --text "<answer>"
// Members' customer service inquiries (POST /api/cs/inquiry-write): the ones waiting for an answer, oldest
// first (all of them, newest first, with --all); one in full; and answering one. The answer is stored as the
// staff member named by --as (a P or O member) and the member reads it on their inquiry page at once. The
// staff page /staff/cs does the same in the browser. Words are printed with JSON.stringify: data, never
// terminal control sequences.
import { parseArgs } from 'node:util';
import { d1Query } from '../lib/wrangler.mjs';

export const INQUIRY_USAGE = 'npm run ops -- inquiry [list] [--all] [--limit <n>] | npm run ops -- inquiry show <id> | npm run ops -- inquiry answer <id> --as <staff loginId> --text "<answer>"';
const ANSWER_MAX = 3000;

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      limit: { type: 'string' },
      as: { type: 'string' },
      text: { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  const [, action = 'list', id] = positionals;
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be a whole number from 1 to 1000');
  if (!['list', 'show', 'answer'].includes(action)) throw new Error(`unknown action ${action}`);
  if (action !== 'list' && !/^[1-9]\d{0,14}$/.test(id ?? '')) throw new Error('an inquiry id is needed');
  if (action === 'answer') {
    if (!values.as) throw new Error('--as <staff loginId> is needed');
    const text = (values.text ?? '').replace(/\r\n?/g, '\n').trim();
    if (text.length < 1 || text.length > ANSWER_MAX) throw new Error(`--text must be 1 to ${ANSWER_MAX} characters`);
    values.text = text;
  }
  return { action, id: id === undefined ? null : Number(id), all: values.all === true, limit, as: values.as, text: values.text };
}

const when = (ms) => (ms ? new Date(ms).toISOString() : '-');

/** `argv`: the command line after `ops` (the word `inquiry` included); `target`: parseTarget's. */
export async function inquiry(argv, target) {
  let o;
  try {
    o = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${INQUIRY_USAGE}`);
    process.exit(2);
  }
  if (o.action === 'answer') {
    const staff = await d1Query("SELECT id FROM members WHERE login_id = ? COLLATE NOCASE AND role IN ('P', 'O') AND blocked = 0", [o.as], target);
    if (staff.length !== 1) {
      console.error(`${o.as} is not staff (a P or O member): npm run ops -- role ${o.as} O`);
      process.exit(1);
    }
    const done = await d1Query('UPDATE cs_inquiries SET answer = ?, answered_by = ?, answered_at = ? WHERE id = ? RETURNING id', [o.text, staff[0].id, Date.now(), o.id], target);
    if (done.length !== 1) {
      console.error(`no inquiry ${o.id}`);
      process.exit(1);
    }
    console.log(`inquiry ${o.id} answered by ${o.as}`);
    return;
  }
  const columns = `i.id, m.login_id AS loginId, i.board_type AS boardType, i.category_id AS categoryId, i.title, i.content, i.answer,
    i.created_at AS createdAt, i.answered_at AS answeredAt,
    (SELECT COUNT(*) FROM cs_attachments a WHERE a.owner_kind = 'inquiry' AND a.owner_row = i.id) AS files`;
  if (o.action === 'show') {
    const [row] = await d1Query(`SELECT ${columns} FROM cs_inquiries i JOIN members m ON m.id = i.member_id WHERE i.id = ?`, [o.id], target);
    if (!row) {
      console.error(`no inquiry ${o.id}`);
      process.exit(1);
    }
    console.log(`#${row.id} ${row.boardType} category ${row.categoryId} from ${row.loginId} at ${when(row.createdAt)}, ${row.files} file(s)`);
    console.log(`title:   ${JSON.stringify(row.title)}\ncontent: ${JSON.stringify(row.content)}`);
    console.log(row.answer === null ? 'answer:  (waiting)' : `answer:  ${JSON.stringify(row.answer)} at ${when(row.answeredAt)}`);
    return;
  }
  const rows = await d1Query(
    `SELECT ${columns} FROM cs_inquiries i JOIN members m ON m.id = i.member_id
     WHERE ?1 = 1 OR i.answered_at IS NULL ORDER BY CASE WHEN ?1 = 1 THEN -i.id ELSE i.id END LIMIT ?2`,
    [o.all ? 1 : 0, o.limit],
    target,
  );
  if (rows.length === 0) return console.log(o.all ? 'no inquiries' : 'no inquiries waiting for an answer');
  for (const r of rows) {
    console.log(`#${r.id} [${r.answer === null ? 'waiting' : 'answered'}] ${when(r.createdAt)} ${r.boardType}/${r.categoryId} from ${r.loginId}: ${JSON.stringify(r.title)} (${r.files} file(s))`);
  }
}
