-- Paid channel subscriptions. The row per member and channel stays channel_subscriptions (0003); this adds its
-- plan and term, the paid terms, and the renewal history.

-- 1. The ledger learns a fifth movement kind, 'subscription' (wallet -> creator's earnings + platform_revenue).
-- SQLite cannot widen a CHECK in place: the table is rebuilt with the same rows, ids and triggers.
PRAGMA defer_foreign_keys = on;
CREATE TABLE ledger_movements_new (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key  TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind             TEXT NOT NULL CHECK (kind IN ('purchase', 'gift', 'coupon', 'refund', 'subscription')),
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

-- 2. The subscription's plan and its current term (1 for the first paid term, +1 per renewal or new
-- subscription). Rows from before (no plan) keep term 0.
ALTER TABLE channel_subscriptions ADD COLUMN plan TEXT CHECK (plan IN ('monthly', 'month1', 'month3'));
ALTER TABLE channel_subscriptions ADD COLUMN term INTEGER NOT NULL DEFAULT 0 CHECK (term >= 0);
-- The term only ever goes up by one: a stale writer (a second renewal run that read the old term) throws,
-- and the batch it is in, the ledger movement included, is undone.
CREATE TRIGGER channel_subscriptions_term_in_order BEFORE UPDATE OF term ON channel_subscriptions
WHEN NEW.term <> OLD.term AND NEW.term <> OLD.term + 1
BEGIN SELECT RAISE(ABORT, 'subscription term out of order'); END;
CREATE INDEX channel_subscriptions_due ON channel_subscriptions(status, expires_at);

-- 3. Every paid term: one row per subscription and term, written in the same batch as its payment, whose
-- ledger key is sub:<member>:<channel>:<term>. request_key is the client's idempotency key (subscribe only).
CREATE TABLE subscription_terms (
  member_id    INTEGER NOT NULL REFERENCES members(id),
  channel_id   INTEGER NOT NULL REFERENCES channels(id),
  term         INTEGER NOT NULL CHECK (term >= 1),
  plan         TEXT NOT NULL CHECK (plan IN ('monthly', 'month1', 'month3')),
  luv          INTEGER NOT NULL CHECK (luv > 0),
  starts_at    INTEGER NOT NULL,
  ends_at      INTEGER NOT NULL,
  request_key  TEXT,
  PRIMARY KEY (member_id, channel_id, term)
);
CREATE UNIQUE INDEX subscription_terms_request ON subscription_terms(member_id, request_key) WHERE request_key IS NOT NULL;

-- 4. Renewal history: 1 renewal, 2 renewal cancel, 3 payment renewal failed. At most one of each
-- kind per subscription and term, so a renewal run twice records once.
CREATE TABLE subscription_history (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id    INTEGER NOT NULL REFERENCES members(id),
  channel_id   INTEGER NOT NULL REFERENCES channels(id),
  term         INTEGER NOT NULL,
  kind         INTEGER NOT NULL CHECK (kind IN (1, 2, 3)),
  at           INTEGER NOT NULL,
  UNIQUE (member_id, channel_id, term, kind)
);
