import { env } from 'cloudflare:test';
import { expect } from 'vitest';

// The ledger's invariants as the tests check them (docs/product/money.md): computed in D1, so only what breaks them
// crosses into the test, however many accounts the files of a lane have opened (the model tests check after every
// run, and shipping every account's row each time was most of their time).

/** Member-held accounts: never below zero. */
const NON_NEGATIVE = ['wallet', 'earnings', 'payout_pending'] as const;

/**
 * Every account's balance equals the sum of its entries, no member-held account is below zero, and all balances
 * sum to zero.
 */
export async function expectLedgerHolds(db: D1Database = env.DB): Promise<void> {
  const [broken, total] = await db.batch([
    db
      .prepare(
        `SELECT a.id, a.kind, a.balance, COALESCE(e.total, 0) AS entrySum
         FROM ledger_accounts a LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
         WHERE a.balance != COALESCE(e.total, 0) OR (a.kind IN (SELECT value FROM json_each(?1)) AND a.balance < 0)
         ORDER BY a.id LIMIT 20`,
      )
      .bind(JSON.stringify(NON_NEGATIVE)),
    db.prepare('SELECT COALESCE(SUM(balance), 0) AS total FROM ledger_accounts'),
  ]);
  expect(broken!.results, 'accounts whose balance is not their entries, or a member-held one below zero').toEqual([]);
  expect((total!.results[0] as { total: number }).total, 'the sum of all balances').toBe(0);
}

/** The balances of these accounts (an account not yet opened is absent). */
export async function balancesOf(ids: readonly number[], db: D1Database = env.DB): Promise<Map<number, number>> {
  const { results } = await db.prepare('SELECT id, balance FROM ledger_accounts WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(ids)).all<{ id: number; balance: number }>();
  return new Map(results.map((row) => [row.id, row.balance]));
}
