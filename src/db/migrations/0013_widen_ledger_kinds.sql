-- The ledger learns creator payouts and the exchange event. SQLite cannot widen a CHECK in place:
-- both tables are rebuilt with the same rows, ids, indexes and triggers (as 0012 did for movements).
--
-- A new member account kind:
--   payout_pending  earnings a creator asked to withdraw, held until the payout is paid (-> pg_clearing),
--                   or cancelled / rejected (-> back to earnings). Never below zero, like wallet and earnings.
-- New movement kinds:
--   payout_request  earnings -> payout_pending
--   payout_cancel   payout_pending -> earnings (the creator cancels, or the operator rejects)
--   payout_paid     payout_pending -> pg_clearing (money left through the bank transfer)
--   exchange        earnings -> wallet at the event's rate (the difference from or to promotions)
PRAGMA defer_foreign_keys = on;

CREATE TABLE ledger_accounts_new (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kind        TEXT NOT NULL CHECK (kind IN ('wallet', 'earnings', 'payout_pending', 'platform_revenue', 'pg_clearing', 'promotions')),
  owner_id    INTEGER REFERENCES members(id),
  balance     INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  CONSTRAINT member_accounts_have_owner CHECK ((kind IN ('wallet', 'earnings', 'payout_pending')) = (owner_id IS NOT NULL)),
  CONSTRAINT balance_non_negative CHECK (balance >= 0 OR kind NOT IN ('wallet', 'earnings', 'payout_pending')),
  CONSTRAINT balance_integer CHECK (typeof(balance) = 'integer' AND balance BETWEEN -9007199254740991 AND 9007199254740991)
);
INSERT INTO ledger_accounts_new (id, kind, owner_id, balance, created_at) SELECT id, kind, owner_id, balance, created_at FROM ledger_accounts;
DROP TABLE ledger_accounts;
ALTER TABLE ledger_accounts_new RENAME TO ledger_accounts;
CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts(owner_id, kind) WHERE owner_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts(kind) WHERE owner_id IS NULL;

CREATE TABLE ledger_movements_new (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key  TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind             TEXT NOT NULL CHECK (kind IN ('purchase', 'gift', 'coupon', 'refund', 'subscription', 'payout_request', 'payout_cancel', 'payout_paid', 'exchange')),
  memo             TEXT,
  created_at       INTEGER NOT NULL DEFAULT (unixepoch())
);
INSERT INTO ledger_movements_new (id, idempotency_key, kind, memo, created_at) SELECT id, idempotency_key, kind, memo, created_at FROM ledger_movements;
DROP TRIGGER ledger_movements_no_update;
DROP TRIGGER ledger_movements_no_delete;
DROP TABLE ledger_movements;
ALTER TABLE ledger_movements_new RENAME TO ledger_movements;
CREATE TRIGGER ledger_movements_no_update BEFORE UPDATE ON ledger_movements BEGIN SELECT RAISE(ABORT, 'ledger movements are immutable'); END;
CREATE TRIGGER ledger_movements_no_delete BEFORE DELETE ON ledger_movements BEGIN SELECT RAISE(ABORT, 'ledger movements are immutable'); END;
