// npm run bench:rankings [-- --calls 200 --concurrency 8 --state-dir DIR]
// What GET /api/my/rankings costs on a realistic month of gifts: the built Worker (the bundle
// `npm start` serves) on its own port and state, demo data seeded, then 2,000 members, 200 channels and
// 50,000 gift movements over the last 30 days (a Zipf spread: a few channels and senders take most) written
// straight to D1 as the ledger writes them (a purchase into every sender's wallet first; each movement then
// its two entries, in id order; balances equal to the entries' sums), audited exactly (sum zero, balances
// equal entries, none negative). demo_caster1 (channel 1, one of the receivers) gives gifts too and is the
// signed-in member. Times the rankings for week, month and all next to a trivial member GET
// (/api/my/bank-account: one row) in the same run, with C in flight: p50/p95, calls/s, the ratio.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertRows, until } from './lib/bench-server.mjs';
import { freshSeededState, startServer } from './lib/server.mjs';
import { signedIn } from './lib/signed-in.mjs';
import { DEMO_PASSWORD, demoSeedSql } from './seed-demo.mjs';
import { percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 200);
const CONCURRENCY = arg('concurrency', 8);
const MEMBERS = arg('members', 2000);
const CHANNELS = arg('channels', 200);
const GIFTS = arg('gifts', 50_000);
const DAYS = 30;
const WARMUP = 20;
const PORT = 8866;
// D1's files in memory (tmpfs) where there is one, as bench-ledger does: this disk's fsyncs are not what is measured.
const STATE_DIR = process.argv.includes('--state-dir') ? process.argv[process.argv.indexOf('--state-dir') + 1] : existsSync('/dev/shm') ? '/dev/shm/flex-live-bench' : '.wrangler';
const STATE = `${STATE_DIR}/bench-rankings-state`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ME = 'demo_caster1';

const ms = (v) => `${v.toFixed(1)} ms`;

/** Runs `call()` n times with `concurrency` in flight; each call resolves to a label. */
async function pool(n, concurrency, call) {
  const latencies = [];
  const labels = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        const t = performance.now();
        const label = await call();
        latencies.push(performance.now() - t);
        labels[label] = (labels[label] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { n, rate: n / seconds, seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), labels };
}

const line = (name, r) => `  ${name.padEnd(34)} ${String(Math.round(r.rate)).padStart(5)}/s  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  (${r.n} in ${r.seconds.toFixed(2)} s; ${JSON.stringify(r.labels)})`;

/** A reproducible generator (mulberry32), so every run seeds the same month. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks 0..n-1 with weight 1/(i+1): the few first take most, as on any streaming site. */
function zipf(n, rnd) {
  const cumulative = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1);
    cumulative.push(sum);
  }
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The month: members, channels, wallets and earnings, a purchase per sender, then the gifts. */
async function seedMonth(db) {
  const rnd = random(13);
  const id = async (table) => (await db.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`).first()).id;
  const firstMember = (await id('members')) + 1;
  await insertRows(
    db,
    'INSERT INTO members (id, login_id, nickname, password_hash)',
    Array.from({ length: MEMBERS }, (_, i) => `(${firstMember + i}, 'bench_m${i}', 'bench member ${i}', 'none')`),
  );
  const firstChannel = (await id('channels')) + 1;
  await insertRows(
    db,
    'INSERT INTO channels (id, owner_id, title, stream_key)',
    Array.from({ length: CHANNELS }, (_, i) => `(${firstChannel + i}, ${firstMember + i}, 'bench channel ${i}', 'bench-key-${i}')`),
  );
  const me = (await db.prepare('SELECT id FROM members WHERE login_id = ?').bind(ME).first()).id;
  // Receivers: the bench channels' owners and demo_caster1 (channel 1) at the 6th place of the spread.
  const receivers = Array.from({ length: CHANNELS }, (_, i) => firstMember + i);
  receivers.splice(5, 0, me);
  const senders = Array.from({ length: MEMBERS }, (_, i) => firstMember + ((i * 7919) % MEMBERS)); // creators are not the top senders
  senders.splice(40, 0, me);
  const pickReceiver = zipf(receivers.length, rnd);
  const pickSender = zipf(senders.length, rnd);
  const AMOUNTS = [1, 1, 1, 10, 10, 10, 50, 50, 100, 100, 500, 1000];

  const now = Math.floor(Date.now() / 1000);
  const times = Array.from({ length: GIFTS }, () => now - 60 - Math.floor(rnd() * DAYS * 86_400)).sort((a, b) => a - b);
  const gifts = [];
  for (const at of times) {
    const receiver = receivers[pickReceiver()];
    let sender = senders[pickSender()];
    if (sender === receiver) sender = senders[(senders.indexOf(sender) + 1) % senders.length];
    gifts.push({ sender, receiver, amount: AMOUNTS[Math.floor(rnd() * AMOUNTS.length)], at });
  }

  // Accounts: pg_clearing, a wallet per sender, earnings per receiver.
  await db.prepare("INSERT INTO ledger_accounts (kind) VALUES ('pg_clearing') ON CONFLICT DO NOTHING").run();
  const pg = (await db.prepare("SELECT id FROM ledger_accounts WHERE kind = 'pg_clearing' AND owner_id IS NULL").first()).id;
  let accountId = await id('ledger_accounts');
  const wallet = new Map(senders.map((m) => [m, ++accountId]));
  const earnings = new Map(receivers.map((m) => [m, ++accountId]));
  await insertRows(db, 'INSERT INTO ledger_accounts (id, kind, owner_id)', [...[...wallet].map(([m, a]) => `(${a}, 'wallet', ${m})`), ...[...earnings].map(([m, a]) => `(${a}, 'earnings', ${m})`)]);

  // Movements in time order with their entries right after, as movementStatements writes them.
  const spent = new Map();
  for (const g of gifts) spent.set(g.sender, (spent.get(g.sender) ?? 0) + g.amount);
  let movementId = await id('ledger_movements');
  const movements = [];
  const entries = [];
  const boughtAt = now - (DAYS + 1) * 86_400;
  for (const m of senders) {
    movementId += 1;
    movements.push(`(${movementId}, 'bench-buy:${movementId}', 'purchase', ${boughtAt})`);
    const amount = (spent.get(m) ?? 0) + 1000;
    entries.push(`(${movementId}, ${pg}, ${-amount})`, `(${movementId}, ${wallet.get(m)}, ${amount})`);
  }
  for (const g of gifts) {
    movementId += 1;
    movements.push(`(${movementId}, 'bench-gift:${movementId}', 'gift', ${g.at})`);
    entries.push(`(${movementId}, ${wallet.get(g.sender)}, ${-g.amount})`, `(${movementId}, ${earnings.get(g.receiver)}, ${g.amount})`);
  }
  await insertRows(db, 'INSERT INTO ledger_movements (id, idempotency_key, kind, created_at)', movements);
  await insertRows(db, 'INSERT INTO ledger_entries (movement_id, account_id, amount)', entries);
  await db.prepare('UPDATE ledger_accounts SET balance = (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account_id = ledger_accounts.id)').run();
  return { gifts: gifts.length, purchases: senders.length, myGifts: gifts.filter((g) => g.sender === me).length, toMe: gifts.filter((g) => g.receiver === me).length };
}

const AUDIT_SQL = `SELECT a.id, a.kind, a.balance, COALESCE(SUM(e.amount), 0) AS entrySum
  FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id`;

function auditLedger(accounts) {
  const failures = [];
  const total = accounts.reduce((sum, a) => sum + a.balance, 0);
  if (total !== 0) failures.push(`the sum over all accounts is ${total}, not 0`);
  for (const a of accounts) {
    if (a.balance !== a.entrySum) failures.push(`account ${a.id} (${a.kind}) holds ${a.balance} but its entries sum to ${a.entrySum}`);
    if (['wallet', 'earnings', 'payout_pending'].includes(a.kind) && a.balance < 0) failures.push(`account ${a.id} (${a.kind}) is negative: ${a.balance}`);
  }
  return failures;
}

async function main() {
  const started = performance.now();
  await freshSeededState(STATE, demoSeedSql());
  const server = await startServer({ port: PORT, state: STATE, onLog: (level, message) => level === 'error' && console.error(message) });
  try {
    const db = await server.mf.getD1Database('DB');
    const seeded = await seedMonth(db);
    const failures = auditLedger((await db.prepare(AUDIT_SQL).all()).results);
    await until('the Worker', async () => (await fetch(`${ORIGIN}/v2/api/guest/timeCheck`)).ok, 30_000);
    const me = await signedIn(ORIGIN, ME, DEMO_PASSWORD);
    // A GET again when the server closed a kept-alive connection as it was reused (undici's known race on
    // loopback): counted in the labels, so a run shows how often it happened.
    const status = (path) => async () => {
      const res = await me.get(path).catch((error) => {
        if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
        retried += 1;
        return me.get(path);
      });
      await res.arrayBuffer();
      return String(res.status);
    };
    let retried = 0;
    const variants = [
      ['trivial GET /api/my/bank-account', '/api/my/bank-account'],
      ['rankings ?period=week', '/api/my/rankings?period=week'],
      ['rankings ?period=month', '/api/my/rankings?period=month'],
      ['rankings ?period=all', '/api/my/rankings?period=all'],
    ];
    const sample = await (await me.get('/api/my/rankings?period=month')).json();
    const results = [];
    for (const [name, path] of variants) {
      await pool(WARMUP, CONCURRENCY, status(path));
      retried = 0;
      const r = await pool(CALLS, CONCURRENCY, status(path));
      results.push([name, { ...r, labels: { ...r.labels, ...(retried ? { 'retried after a closed socket': retried } : {}) } }]);
    }
    console.log(
      `\nbench:rankings: ${seeded.gifts} gifts over ${DAYS} days (${MEMBERS} members, ${CHANNELS} channels; ${ME} sent ${seeded.myGifts}, received ${seeded.toMe}), ${CALLS} calls each, ${CONCURRENCY} in flight, loopback (${os.cpus().length} cores shared; D1 files in ${STATE_DIR})`,
    );
    for (const [name, r] of results) console.log(line(name, r));
    const trivial = results[0][1];
    for (const [name, r] of results.slice(1)) console.log(`  ratio trivial/${name.replace('rankings ', '')}: ${(trivial.rate / r.rate).toFixed(1)}x calls/s`);
    console.log(
      `  month sample: me ${JSON.stringify(sample.me)}, top sender ${sample.topSenders[0]?.amount}, top channel ${sample.topChannels[0]?.amount}, my channel's fans ${sample.myChannel?.fans.length}, my fan ranks ${sample.myFanRanks.length}`,
    );
    console.log(`  ledger audit: ${failures.length === 0 ? 'PASS (sum zero, balances equal entries, none negative)' : 'FAIL'}`);
    for (const f of failures) console.log(`  FAIL ${f}`);
    const allOk = results.every(([, r]) => r.labels['200'] === r.n);
    if (!allOk) console.log('  FAIL some calls did not answer 200');
    console.log(`  (bench run ${((performance.now() - started) / 1000).toFixed(0)} s after the build)`);
    if (failures.length || !allOk) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
