// npm run ops -- coupon --luv <n> [--count <k>] [--days <d>] [--uses <u>] [--remote]
// Mints k coupon codes (default 1) worth n luv each, valid for d days (default 30), each usable by u members
// (default 1: single-use), into D1 (local by default), and prints them one a line. The luv comes from the
// promotions pool when a member uses a code (POST /api/shoppings/useCoupon).
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { d1Query } from '../lib/wrangler.mjs';

export const COUPON_USAGE = 'npm run ops -- coupon --luv <n> [--count <k>] [--days <d>] [--uses <u>] [--remote]';

/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. 31^12 codes (59 bits). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
/** D1 binds at most 100 parameters a statement: 3 shared, the rest codes. */
const CODES_PER_STATEMENT = 90;

/** A random code as stored (normalized: 12 characters, no dashes). */
const newCode = () => Array.from({ length: GROUPS * GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** As people read it: XXXX-XXXX-XXXX. */
const display = (code) => code.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g')).join('-');

function whole(name, text, fallback, min, max) {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text ?? '') || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function parse(argv) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { luv: { type: 'string' }, count: { type: 'string' }, days: { type: 'string' }, uses: { type: 'string' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' } },
  });
  return {
    luv: whole('luv', values.luv, undefined, 1, 10_000_000),
    count: whole('count', values.count, 1, 1, 1000),
    days: whole('days', values.days, 30, 1, 3650),
    uses: whole('uses', values.uses, 1, 1, 1_000_000),
  };
}

/** Insert up to CODES_PER_STATEMENT new codes; answers the ones written (a code already taken is skipped). */
async function insertCodes(codes, { luv, expiresAt, uses }, target) {
  const rows = codes.map((_, i) => `(?${i + 4}, ?1, ?2, ?3)`).join(', ');
  const written = await d1Query(`INSERT INTO coupons (code, luv, expires_at, max_redemptions) VALUES ${rows} ON CONFLICT(code) DO NOTHING RETURNING code`, [luv, expiresAt, uses, ...codes], target);
  return written.map((row) => row.code);
}

/** `argv`: the command line after `ops` (the word `coupon` included); `target`: parseTarget's. */
export async function mintCoupons(argv, target) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`${error.message}\nusage: ${COUPON_USAGE}`);
    process.exit(2);
  }
  const expiresAt = Math.floor(Date.now() / 1000) + options.days * 86_400;
  const minted = [];
  try {
    while (minted.length < options.count) {
      const wanted = Math.min(CODES_PER_STATEMENT, options.count - minted.length);
      minted.push(...(await insertCodes(Array.from({ length: wanted }, newCode), { luv: options.luv, expiresAt, uses: options.uses }, target)));
    }
  } catch (error) {
    if (minted.length) console.log(minted.map(display).join('\n'));
    console.error(`could not mint the coupons (${minted.length} written): ${error.message} (have the migrations been applied? npm run migrate)`);
    process.exit(1);
  }
  console.log(minted.map(display).join('\n'));
  const until = new Date(expiresAt * 1000).toISOString();
  console.error(`${minted.length} coupon(s) of ${options.luv} luv, ${options.uses} use(s) each, valid until ${until} (${target.remote ? 'remote' : 'local'})`);
}
