-- The luv ledger: double-entry bookkeeping. Every movement of luv is one row in ledger_movements and two or
-- more signed entries in ledger_entries that sum to zero, so the sum over all accounts is always zero.
-- Amounts and balances are integers (luv, KRW); never floats.

-- An account: a member's wallet (what they can spend) or earnings (what gifts brought them), or one of the
-- system accounts that mirror the world outside the ledger:
--   pg_clearing       luv bought through the payment gateway: goes negative by what members bought
--   promotions        luv given away (coupons): goes negative by what was granted
--   platform_revenue  the platform's cut: usually positive, but a refund may take it below zero
-- Only wallets and earnings belong to a member, and only they may never go below zero (balance_non_negative).
-- The balance is kept on the row (read in one lookup) and always equals the sum of the account's entries:
-- the service changes both in the same batch.
CREATE TABLE ledger_accounts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kind        TEXT NOT NULL CHECK (kind IN ('wallet', 'earnings', 'platform_revenue', 'pg_clearing', 'promotions')),
  owner_id    INTEGER REFERENCES members(id),
  balance     INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  CONSTRAINT member_accounts_have_owner CHECK ((kind IN ('wallet', 'earnings')) = (owner_id IS NOT NULL)),
  -- The constraint that makes an overdraft throw, and so roll back the whole batch it is in (a D1 batch is
  -- one transaction, undone when a statement throws, not when an UPDATE matches no row).
  CONSTRAINT balance_non_negative CHECK (balance >= 0 OR kind NOT IN ('wallet', 'earnings')),
  -- SQLite turns an overflowing integer into a REAL; JavaScript reads integers exactly only up to 2^53 - 1.
  CONSTRAINT balance_integer CHECK (typeof(balance) = 'integer' AND balance BETWEEN -9007199254740991 AND 9007199254740991)
);
-- One wallet and one earnings account per member; one account of each system kind.
CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts(owner_id, kind) WHERE owner_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts(kind) WHERE owner_id IS NULL;

-- A movement: what happened, once. The idempotency key is the caller's (a payment id, a gift's client id):
-- a second movement with the same key cannot be written.
CREATE TABLE ledger_movements (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key  TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind             TEXT NOT NULL CHECK (kind IN ('purchase', 'gift', 'coupon', 'refund')),
  memo             TEXT,
  created_at       INTEGER NOT NULL DEFAULT (unixepoch())
);

-- One leg of a movement: a signed, non-zero amount on one account (at most one leg per account per movement).
CREATE TABLE ledger_entries (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  movement_id  INTEGER NOT NULL REFERENCES ledger_movements(id),
  account_id   INTEGER NOT NULL REFERENCES ledger_accounts(id),
  amount       INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount <> 0 AND amount BETWEEN -9007199254740991 AND 9007199254740991),
  UNIQUE (movement_id, account_id)
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, id);

-- History is immutable: a mistake is corrected by a new movement (a refund), never by editing one.
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
CREATE TRIGGER ledger_movements_no_update BEFORE UPDATE ON ledger_movements BEGIN SELECT RAISE(ABORT, 'ledger movements are immutable'); END;
CREATE TRIGGER ledger_movements_no_delete BEFORE DELETE ON ledger_movements BEGIN SELECT RAISE(ABORT, 'ledger movements are immutable'); END;
