-- Subscription passes (item codes 703 and 704): a one-month and a three-month pass for a channel, paid like the
-- other plans when bought but started only when the member uses it. Until then the subscription is status 4
-- (unused) with no expiry. Each plan column learns the two plan ids, 'pass1' and 'pass3'.
--
-- A column's CHECK cannot be widened in place. The two nullable columns are swapped for new ones (a new column,
-- the values copied, the old one dropped, the new one renamed) rather than rebuilding their tables, so columns
-- other migrations add to payments or channel_subscriptions are kept. subscription_terms.plan is NOT NULL and
-- so is rebuilt (its rows, index and primary key as before).

ALTER TABLE channel_subscriptions ADD COLUMN plan_v2 TEXT CHECK (plan_v2 IN ('monthly', 'month1', 'month3', 'pass1', 'pass3'));
UPDATE channel_subscriptions SET plan_v2 = plan;
ALTER TABLE channel_subscriptions DROP COLUMN plan;
ALTER TABLE channel_subscriptions RENAME COLUMN plan_v2 TO plan;

DROP TRIGGER payments_subscription_pair;
ALTER TABLE payments ADD COLUMN subscription_plan_v2 TEXT CHECK (subscription_plan_v2 IS NULL OR subscription_plan_v2 IN ('monthly', 'month1', 'month3', 'pass1', 'pass3'));
UPDATE payments SET subscription_plan_v2 = subscription_plan;
ALTER TABLE payments DROP COLUMN subscription_plan;
ALTER TABLE payments RENAME COLUMN subscription_plan_v2 TO subscription_plan;
CREATE TRIGGER payments_subscription_pair BEFORE INSERT ON payments
  WHEN (NEW.subscription_channel_id IS NULL) <> (NEW.subscription_plan IS NULL)
  BEGIN SELECT RAISE(ABORT, 'payments.subscription: channel and plan go together'); END;

-- A pass's term is written when it is bought (its ledger key names the term) with starts_at = ends_at = the
-- purchase; using the pass sets the term's real start and end.
PRAGMA defer_foreign_keys = on;
CREATE TABLE subscription_terms_new (
  member_id    INTEGER NOT NULL REFERENCES members(id),
  channel_id   INTEGER NOT NULL REFERENCES channels(id),
  term         INTEGER NOT NULL CHECK (term >= 1),
  plan         TEXT NOT NULL CHECK (plan IN ('monthly', 'month1', 'month3', 'pass1', 'pass3')),
  luv          INTEGER NOT NULL CHECK (luv > 0),
  starts_at    INTEGER NOT NULL,
  ends_at      INTEGER NOT NULL,
  request_key  TEXT,
  PRIMARY KEY (member_id, channel_id, term)
);
INSERT INTO subscription_terms_new (member_id, channel_id, term, plan, luv, starts_at, ends_at, request_key)
  SELECT member_id, channel_id, term, plan, luv, starts_at, ends_at, request_key FROM subscription_terms;
DROP TABLE subscription_terms;
ALTER TABLE subscription_terms_new RENAME TO subscription_terms;
CREATE UNIQUE INDEX subscription_terms_request ON subscription_terms(member_id, request_key) WHERE request_key IS NOT NULL;
