// npm run ops -- coupon --luv <n> [--count <k>] [--days <d>] [--uses <u>] --as <staff loginId> [--url URL | --port N]
// Mints k coupon codes (default 1) worth n luv each, valid for d days (default 30), each usable by u members
// (default 1: single-use), and prints them one a line. The luv comes from the promotions pool when a member uses a
// code (POST /api/shoppings/useCoupon). It goes through the staff API (POST /api/admin/coupons), signed in as a P or O
// member (password in OPS_PASSWORD): the codes are drawn there and written with the mint's staff audit row.
import { parseArgs } from 'node:util';
import { answerOf, asStaff } from '../lib/staff-session.mjs';

export const COUPON_USAGE = 'npm run ops -- coupon --luv <n> [--count <k>] [--days <d>] [--uses <u>] --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';

/** A whole number as typed; the staff API checks the ranges and says what is wrong. */
function whole(name, text) {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text)) throw new Error(`--${name} must be a whole number`);
  return Number(text);
}

function parse(argv) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      luv: { type: 'string' },
      count: { type: 'string' },
      days: { type: 'string' },
      uses: { type: 'string' },
      as: { type: 'string' },
      url: { type: 'string' },
      port: { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  if (values.remote) throw new Error('coupons are minted through a running Worker: use --url https://<site> instead of --remote');
  if (values.luv === undefined) throw new Error('--luv <n> is needed');
  const body = { luv: whole('luv', values.luv), count: whole('count', values.count), days: whole('days', values.days), uses: whole('uses', values.uses) };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** `argv`: the command line after `ops` (the word `coupon` included). */
export async function mintCoupons(argv) {
  let body;
  try {
    body = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${COUPON_USAGE}`);
    process.exit(2);
  }
  await asStaff(argv, COUPON_USAGE, async (session) => {
    const mint = await answerOf(await session.post('/api/admin/coupons', body), 'coupon');
    if (!mint) return;
    console.log(mint.codes.join('\n'));
    console.error(`${mint.codes.length} coupon(s) of ${mint.luv} luv, ${mint.uses} use(s) each, valid until ${new Date(mint.expiresAt).toISOString()} (mint ${mint.mintId})`);
  });
}
