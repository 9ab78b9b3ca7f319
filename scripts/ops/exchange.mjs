// npm run ops -- exchange [show] [--remote]
// npm run ops -- exchange set --id <id> --start <when> --end <when> --rate <x> --member-cap <n> --total-cap <n> [--remote]
// npm run ops -- exchange off [--remote]
// The exchange event (docs/product/money.md, "Exchange event, levels and rankings") lives in KV `exchange_event` (read by the API on each call:
// src/lib/exchange-event.ts). <when>: an ISO 8601 time (2026-12-01T00:00:00+09:00), `now`, or `+<n>m|h|d` from
// now. <x>: the rate as a decimal with at most 3 places (1.1: 110 wallet luv for 100 received), stored as an
// integer per mille (1100); the wallet gets floor(amount * rate). Caps are in received (earnings) luv. A new
// --id starts new counters; setting the same id again keeps what was applied (a lowered cap refuses further applies).
import { parseArgs } from 'node:util';
import { kvDelete, kvGet, kvPut } from '../lib/kv.mjs';

export const EXCHANGE_USAGE = 'npm run ops -- exchange [show] | exchange set --id <id> --start <ISO|now|+2h> --end <ISO|+7d> --rate <1.1> --member-cap <n> --total-cap <n> | exchange off [--remote]';

const KEY = 'exchange_event';
const MAX_RATE_PERMILLE = 10_000;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `1.1` -> 1100, exactly (no floating point): digits, at most three after the point. */
export function ratePermille(text) {
  const match = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(text ?? '');
  if (!match) throw new Error('--rate must be a decimal like 1.1 (at most 3 decimal places)');
  const permille = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (permille < 1 || permille > MAX_RATE_PERMILLE) throw new Error(`--rate must be from 0.001 to ${MAX_RATE_PERMILLE / 1000}`);
  return permille;
}

export function instant(name, text, now = Date.now()) {
  if (text === 'now') return now;
  const relative = /^\+(\d{1,6})([mhd])$/.exec(text ?? '');
  if (relative) return now + Number(relative[1]) * UNIT_MS[relative[2]];
  const at = /^\d{4}-\d{2}-\d{2}T/.test(text ?? '') ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(at)) throw new Error(`--${name} must be an ISO 8601 time, now, or +<n>m|h|d`);
  return at;
}

function whole(name, text) {
  const value = Number(text);
  if (!/^\d{1,15}$/.test(text ?? '') || !Number.isSafeInteger(value)) throw new Error(`--${name} must be a whole number of luv`);
  return value;
}

function parseEvent(argv) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      rate: { type: 'string' },
      'member-cap': { type: 'string' },
      'total-cap': { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(values.id ?? '')) throw new Error('--id must be 1-64 letters, digits, _ . or -');
  const event = {
    id: values.id,
    startsAt: instant('start', values.start),
    endsAt: instant('end', values.end),
    ratePermille: ratePermille(values.rate),
    memberCap: whole('member-cap', values['member-cap']),
    totalCap: whole('total-cap', values['total-cap']),
  };
  if (event.endsAt <= event.startsAt) throw new Error('--end must be after --start');
  return event;
}

const describe = (e) =>
  `${e.id}: ${new Date(e.startsAt).toISOString()} to ${new Date(e.endsAt).toISOString()}, rate ${e.ratePermille / 1000} (${e.ratePermille} per mille), member cap ${e.memberCap}, total cap ${e.totalCap}`;

/** `argv`: the command line after `ops` (the word `exchange` included); `target`: parseTarget's. */
export async function exchange(argv, target) {
  const where = target.remote ? 'remote' : 'local';
  const action = target.words[1] ?? 'show';
  if (action === 'show') {
    let stored = null;
    try {
      stored = JSON.parse((await kvGet(KEY, target)) ?? 'null');
    } catch {
      // wrangler prints a sentence, not JSON, when the key is absent
    }
    return console.log(stored ? describe(stored) : 'no exchange event');
  }
  if (action === 'off') {
    await kvDelete(KEY, target);
    return console.log(`exchange event removed (${where}); running Workers notice within KV's 60 s`);
  }
  if (action !== 'set') {
    console.error(`usage: ${EXCHANGE_USAGE}`);
    process.exit(2);
  }
  let event;
  try {
    event = parseEvent(argv.slice(argv.indexOf('set') + 1));
  } catch (error) {
    console.error(`${error.message}\nusage: ${EXCHANGE_USAGE}`);
    process.exit(2);
  }
  await kvPut(KEY, JSON.stringify(event), target);
  console.log(`exchange event set (${where}): ${describe(event)}`);
}
