// A fault at each statement of each money batch leaves nothing half-written. For every batch
// src/api/services/ledger.ts writes (gift, creditPurchase, couponGrant, refundPurchase, with and without
// statements `alongside`) and every statement index of it, the statement is replaced by one that fails
// when executed (tests/worker/fault-db.ts): the call fails, the ledger's tables (and the alongside one)
// are row for row as before, and the same call without the fault then applies (its key was not burned).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponGrant, creditPurchase, earningsOf, gift, type MoveResult, refundPurchase, systemAccount, walletOf } from '../../src/api/services/ledger';
import { useCoupon } from '../../src/api/services/coupons';
import { sendGift } from '../../src/api/services/luv';
import { dumpTables, FAILING_SQL, faultyDb } from './fault-db';
import { liveChannel } from './watch-fixtures';

const LEDGER_TABLES = ['ledger_accounts', 'ledger_movements', 'ledger_entries'];
// The alongside statements' own table: test-only, made here (a payment's or coupon's table stands in later).
const ALONGSIDE_TABLE = 'fault_test_alongside';

let serial = 0;
async function newMember(): Promise<number> {
  serial += 1;
  const name = `flt${Date.now().toString(36)}${serial}`;
  const row = await env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id").bind(name, name.slice(-10)).first<{ id: number }>();
  return row!.id;
}

const run = crypto.randomUUID().slice(0, 8);
let keys = 0;
const newKey = (label: string) => `fault:${label}:${run}:${++keys}`;

/** A row for the alongside table that must be written with the movement or not at all. */
const alongside = (db: D1Database, key: string) => [
  db.prepare(`INSERT INTO ${ALONGSIDE_TABLE} (key, step) VALUES (?1, 1)`).bind(key),
  db.prepare(`INSERT INTO ${ALONGSIDE_TABLE} (key, step) VALUES (?1, 2)`).bind(key),
];

/** A money call under test: `call(db, key)` moves luv once under `key`; `statements` is its batch's length. */
interface MoneyCase {
  name: string;
  statements: number;
  call: (db: D1Database, key: string) => Promise<MoveResult>;
}

let viewer: number;
let creator: number;

beforeAll(async () => {
  await env.DB.prepare(`CREATE TABLE IF NOT EXISTS ${ALONGSIDE_TABLE} (key TEXT NOT NULL, step INTEGER NOT NULL, UNIQUE (key, step))`).run();
  [viewer, creator] = [await newMember(), await newMember()];
  // Every account the calls touch exists before the dumps: opening one is its own idempotent step, not money.
  await Promise.all([walletOf(env.DB, viewer), earningsOf(env.DB, creator), systemAccount(env.DB, 'pg_clearing'), systemAccount(env.DB, 'promotions')]);
  // Enough in the wallet for every gift and refund below (each applies once the fault is gone).
  await creditPurchase(env.DB, { memberId: viewer, amount: 100_000, key: newKey('fund') });
});

// One movement, two legs: the movement row, two entries, two balance updates; then what goes alongside.
const LEDGER_STATEMENTS = 5;
const cases: MoneyCase[] = [
  { name: 'gift', statements: LEDGER_STATEMENTS, call: (db, key) => gift(db, { from: viewer, to: creator, amount: 7, key }) },
  { name: 'creditPurchase', statements: LEDGER_STATEMENTS, call: (db, key) => creditPurchase(db, { memberId: viewer, amount: 11, key }) },
  { name: 'couponGrant', statements: LEDGER_STATEMENTS, call: (db, key) => couponGrant(db, { memberId: viewer, amount: 13, key }) },
  { name: 'refundPurchase', statements: LEDGER_STATEMENTS, call: (db, key) => refundPurchase(db, { memberId: viewer, amount: 17, key }) },
  {
    name: 'creditPurchase with two statements alongside',
    statements: LEDGER_STATEMENTS + 2,
    call: (db, key) => creditPurchase(db, { memberId: viewer, amount: 19, key, alongside: alongside(db, key) }),
  },
  {
    name: 'couponGrant with two statements alongside',
    statements: LEDGER_STATEMENTS + 2,
    call: (db, key) => couponGrant(db, { memberId: viewer, amount: 23, key, alongside: alongside(db, key) }),
  },
  {
    name: 'refundPurchase with two statements alongside',
    statements: LEDGER_STATEMENTS + 2,
    call: (db, key) => refundPurchase(db, { memberId: viewer, amount: 29, key, alongside: alongside(db, key) }),
  },
];

const tables = () => dumpTables(env.DB, [...LEDGER_TABLES, ALONGSIDE_TABLE]);

describe('a fault at any statement of a money batch leaves nothing half-written', () => {
  it.each(cases)('$name: every statement index', async ({ statements, call }) => {
    const faulty = faultyDb(env.DB);
    for (let index = 0; index < statements; index++) {
      const key = newKey(`i${index}`);
      const before = await tables();
      faulty.arm(index);
      await expect(call(faulty.db, key), `statement ${index}`).rejects.toThrow(/no such function/);
      expect(faulty.fired, `statement ${index}: the fault happened`).toBe(index + 1);
      expect(faulty.lastTargetBatch, `statement ${index}: the batch broken is the whole movement`).toHaveLength(statements);
      expect(await tables(), `statement ${index}: nothing written`).toEqual(before);

      // The same call, fault gone: it applies now, so the failed attempt did not use up its key.
      const result = await call(faulty.db, key);
      expect(result.status, `statement ${index}: retried`).toBe('applied');
      expect(faulty.fired).toBe(index + 1);
      const after = await tables();
      expect(after.ledger_movements).toHaveLength(before.ledger_movements!.length + 1);
      expect(after.ledger_entries).toHaveLength(before.ledger_entries!.length + 2);
      expect(after[ALONGSIDE_TABLE]).toHaveLength(before[ALONGSIDE_TABLE]!.length + statements - LEDGER_STATEMENTS);
    }
  });

  it('the harness breaks only the armed statement: with a fault at an index, the others of the batch are the real ones', async () => {
    const faulty = faultyDb(env.DB);
    await creditPurchase(faulty.db, { memberId: viewer, amount: 1, key: newKey('plain') });
    expect(faulty.lastTargetBatch).toHaveLength(LEDGER_STATEMENTS);
    expect(faulty.lastTargetBatch![0]).toMatch(/^INSERT INTO ledger_movements/);
    expect(faulty.lastTargetBatch!.some((sql) => sql === FAILING_SQL)).toBe(false);
    expect(faulty.fired).toBe(0);
    // Past the end of the batch is a mistake in the test, said as such (not a fault that never fired).
    faulty.arm(LEDGER_STATEMENTS);
    await expect(creditPurchase(faulty.db, { memberId: viewer, amount: 1, key: newKey('past') })).rejects.toThrow(/past the batch/);
  });
});

// The services' own batches, with the rows they write beside the movement: a coupon's redemption and count,
// a gift's line in the gift-view list. The same fault at each statement, through the service as the API calls it.
describe("a fault at any statement of a service's money batch leaves its own rows unwritten too", () => {
  const SERVICE_TABLES = [...LEDGER_TABLES, 'coupons', 'coupon_redemptions', 'gift_history'];
  const serviceTables = () => dumpTables(env.DB, SERVICE_TABLES);

  /** `attempt(db, i)` is the i-th call (its own coupon or key), made twice: with the fault at statement i, then without. */
  async function atEveryStatement(attempt: (db: D1Database, i: number) => Promise<unknown>) {
    const probe = faultyDb(env.DB);
    await attempt(probe.db, -1);
    const length = probe.lastTargetBatch!.length;
    expect(length, 'the batch carries rows beside the movement').toBeGreaterThan(LEDGER_STATEMENTS);
    const faulty = faultyDb(env.DB);
    for (let index = 0; index < length; index++) {
      const before = await serviceTables();
      faulty.arm(index);
      await expect(attempt(faulty.db, index), `statement ${index}`).rejects.toThrow(/no such function/);
      expect(faulty.fired, `statement ${index}: the fault happened`).toBe(index + 1);
      expect(await serviceTables(), `statement ${index}: nothing written`).toEqual(before);
      await attempt(faulty.db, index); // the fault gone, the same call goes through
      expect((await serviceTables()).ledger_movements, `statement ${index}: retried`).toHaveLength(before.ledger_movements!.length + 1);
    }
  }

  it('useCoupon: the grant, the redemption row and the count', async () => {
    // One single-use coupon per attempt, minted before any snapshot (index -1 is the probe's).
    const codes = new Map<number, string>();
    for (let i = -1; i < 20; i++) {
      const code = `FLT${run}${i + 1}`.toUpperCase().replace(/[^A-Z0-9]/g, 'A');
      await env.DB.prepare('INSERT INTO coupons (code, luv, expires_at, max_redemptions) VALUES (?, 31, unixepoch() + 86400, 1)').bind(code).run();
      codes.set(i, code);
    }
    await atEveryStatement((db, i) => useCoupon(db, viewer, codes.get(i)!));
  });

  it('sendGift: the gift and its gift-view line', async () => {
    const channel = await liveChannel({ ownerId: creator });
    await atEveryStatement((db, i) => sendGift({ ...env, DB: db }, viewer, { channelId: channel.id, amount: 3, idempotencyKey: `fault-gift-${run}-${i + 1}` }));
  });
});
