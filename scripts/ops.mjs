// npm run ops -- maintenance on|off   |   npm run ops -- emergency on|off   |   npm run ops -- status
// npm run ops -- role <loginId> <P|O|S|V|J>   (chat roles: police, operator, ting operator, member, genie)
// npm run ops -- channeling [<switch> <true|false>]   (the channel switches in KV `channeling`; no arguments prints them)
// npm run ops -- coupon --luv <n> [--count <k>] [--days <d>] [--uses <u>] --as <staff>   (mints coupon codes through the staff API: scripts/ops/coupon.mjs)
// npm run ops -- deposit <orderId> [amount]   (the dev PG's deposit into a virtual account: scripts/ops/deposit.mjs)
// npm run ops -- errors [--limit N] [--source browser|worker] [--json]   (the local error collector's reports: scripts/ops/errors.mjs)
// npm run ops -- exchange [show|set ...|off]   (the exchange event's window, rate and caps in KV: scripts/ops/exchange.mjs)
// npm run ops -- payout list [status] | payout (approve|pay|reject) <id> --as <staff>   (creator payouts: scripts/ops/payout.mjs)
// npm run ops -- audit [--limit n] [--before id] [--json] --as <staff>   (the staff audit log: scripts/ops/audit.mjs)
// npm run ops -- asp-key <partnerCode>   (an ASP partner's key for POST /v4/api/asp/accesstoken: scripts/ops/asp-key.mjs)
// npm run ops -- reports [--all] [close <id|cs:id>] --as <staff>   (what members reported to the operator, through the staff API: scripts/ops/reports.mjs)
// npm run ops -- inquiry [list|show <id>|answer <id> --text ...] --as <staff>   (customer service inquiries, through the staff API: scripts/ops/inquiry.mjs)
// npm run ops -- agency grant|list|invite|invites ... --as <staff>   (agency accounts and their invites to creators, through the staff API: scripts/ops/agency.mjs)
// npm run ops -- dormant <loginId> --as <staff>   (makes an account dormant, for the expiry flow, through the staff API: scripts/ops/dormant.mjs)
// npm run ops -- push-listen --as <loginId>   (a member's Web Push at a loopback push service, printed as it arrives: scripts/ops/push-listen.mjs)
// Local by default; --remote for the deployed namespace. The edge notices flags within 10 s; a new role
// decides the member's chat actions at once, on open sockets too (src/chat/roles.ts). A channel switch changed here reaches running Workers
// within their 10-minute settings cache and tells no chat room: for an immediate change that open
// channel pages follow, staff use PUT /api/admin/channeling-switching instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kvGet, kvPut } from './lib/kv.mjs';
import { d1Query, parseTarget } from './lib/wrangler.mjs';
import { COUPON_USAGE, mintCoupons } from './ops/coupon.mjs';
import { DEPOSIT_USAGE, deposit } from './ops/deposit.mjs';
import { ERRORS_USAGE, listErrors } from './ops/errors.mjs';
import { EXCHANGE_USAGE, exchange } from './ops/exchange.mjs';
import { PAYOUT_USAGE, payout } from './ops/payout.mjs';
import { AUDIT_USAGE, audit } from './ops/audit.mjs';
import { ASP_KEY_USAGE, mintAspKey } from './ops/asp-key.mjs';
import { REPORTS_USAGE, reports } from './ops/reports.mjs';
import { INQUIRY_USAGE, inquiry } from './ops/inquiry.mjs';
import { AGENCY_USAGE, agency } from './ops/agency.mjs';
import { DORMANT_USAGE, makeDormant } from './ops/dormant.mjs';
import { PUSH_LISTEN_USAGE, pushListen } from './ops/push-listen.mjs';

const options = parseTarget(process.argv.slice(2));
const [command, state, third] = options.words;
const usage = `usage: npm run ops -- (maintenance|emergency) (on|off) [--remote] | npm run ops -- status [--remote] | npm run ops -- role <loginId> <P|O|S|V|J> [--remote] | npm run ops -- channeling [<switch> <true|false>] [--remote] | ${COUPON_USAGE} | ${DEPOSIT_USAGE} | ${ERRORS_USAGE} | ${EXCHANGE_USAGE} | ${PAYOUT_USAGE} | ${AUDIT_USAGE} | ${ASP_KEY_USAGE} | ${REPORTS_USAGE} | ${INQUIRY_USAGE} | ${AGENCY_USAGE} | ${DORMANT_USAGE} | ${PUSH_LISTEN_USAGE}`;

/** Set a member's chat role. Both values are checked, then bound as parameters (never written into the SQL). */
async function setRole(loginId, role) {
  if (!/^[A-Za-z0-9_]{1,32}$/.test(loginId ?? '') || !['P', 'O', 'S', 'V', 'J'].includes(role)) {
    console.error(usage);
    process.exit(2);
  }
  let changed;
  try {
    changed = await d1Query('UPDATE members SET role = ? WHERE login_id = ? COLLATE NOCASE RETURNING login_id', [role, loginId], options);
  } catch (err) {
    console.error(`could not set the role: ${err.message} (have the migrations been applied? npm run migrate)`);
    process.exit(1);
  }
  if (changed.length !== 1) {
    console.error(`no member with login ID ${loginId}`);
    process.exit(1);
  }
  console.log(`role of ${loginId} is now ${role} (${options.remote ? 'remote' : 'local'})`);
}

/** The seed is the full settings object; its boolean fields are the switches this command may flip. */
const seedSettings = JSON.parse(readFileSync(join(process.cwd(), 'kv-seed', 'channeling.json'), 'utf8'));
const SWITCHES = Object.keys(seedSettings).filter((key) => typeof seedSettings[key] === 'boolean');

/** The settings in KV; the seed's values stand in for a missing or unreadable one (as the API's defaults do). */
async function readChanneling() {
  try {
    const stored = JSON.parse((await kvGet('channeling', options)) ?? 'null');
    const complete = stored && Object.keys(seedSettings).every((key) => typeof stored[key] === typeof seedSettings[key]);
    return complete ? stored : { ...seedSettings };
  } catch {
    return { ...seedSettings };
  }
}

async function channeling(name, value) {
  if (name === undefined && value === undefined) return console.log(JSON.stringify(await readChanneling()));
  if (!SWITCHES.includes(name) || (value !== 'true' && value !== 'false')) {
    console.error(`${usage}\nswitches: ${SWITCHES.join(', ')}`);
    process.exit(2);
  }
  const settings = { ...(await readChanneling()), [name]: value === 'true' };
  await kvPut('channeling', JSON.stringify(settings), options);
  console.log(`channeling ${name} ${value} (${options.remote ? 'remote' : 'local'}): running Workers notice within 10 min; chat rooms are not told (use PUT /api/admin/channeling-switching for that)`);
}

async function readFlags() {
  try {
    const flags = JSON.parse((await kvGet('flags', options)) ?? '{}');
    return { maintenance: flags.maintenance === true, emergency: flags.emergency === true };
  } catch {
    return { maintenance: false, emergency: false };
  }
}

if (command === 'deposit') {
  await deposit(process.argv.slice(2), options);
} else if (command === 'errors') {
  await listErrors(process.argv.slice(2), options);
} else if (command === 'exchange') {
  await exchange(process.argv.slice(2), options);
} else if (command === 'payout') {
  await payout(process.argv.slice(2), options);
} else if (command === 'audit') {
  await audit(process.argv.slice(2), options);
} else if (command === 'reports') {
  await reports(process.argv.slice(2));
} else if (command === 'inquiry') {
  await inquiry(process.argv.slice(2));
} else if (command === 'agency') {
  await agency(process.argv.slice(2));
} else if (command === 'dormant') {
  await makeDormant(process.argv.slice(2), options);
} else if (command === 'push-listen') {
  await pushListen(process.argv.slice(2));
} else if (command === 'role') {
  await setRole(state, third);
} else if (command === 'asp-key') {
  await mintAspKey(state, options);
} else if (command === 'coupon') {
  await mintCoupons(process.argv.slice(2));
} else if (command === 'channeling') {
  await channeling(state, third);
} else if (command === 'status') {
  console.log(JSON.stringify(await readFlags()));
} else if ((command === 'maintenance' || command === 'emergency') && (state === 'on' || state === 'off')) {
  const flags = { ...(await readFlags()), [command]: state === 'on' };
  await kvPut('flags', JSON.stringify(flags), options);
  console.log(`${command} ${state} (${options.remote ? 'remote' : 'local'}): ${JSON.stringify(flags)}`);
} else {
  console.error(usage);
  process.exit(2);
}
