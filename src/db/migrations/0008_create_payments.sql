-- Buying luv: a member's orders of luv packs paid in KRW through the payment gateway (PG), the
-- refunds of their unspent part, the PG's webhooks (each applied once), and the offline dev PG's own payments.
-- Times are epoch milliseconds; amounts are integer KRW, luv integer luv.

-- One order, from its creation (status 1) to its end. Status is the payment code (0 waiting for payment, 1
-- requested, 2 in progress, 6 wrong deposit, 7 cancelled, 8 approval error, 9 approved); which changes are
-- possible is the trigger below's to say, so a wrong change throws inside its batch and undoes all of it.
CREATE TABLE payments (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Random and unguessable: the PG and the browser carry it back, and it names the order in every call.
  order_id         TEXT NOT NULL UNIQUE CHECK (length(order_id) BETWEEN 16 AND 64),
  member_id        INTEGER NOT NULL REFERENCES members(id),
  pack_id          TEXT NOT NULL,
  order_name       TEXT NOT NULL,
  luv              INTEGER NOT NULL CHECK (typeof(luv) = 'integer' AND luv > 0),
  amount           INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  method           TEXT NOT NULL CHECK (method IN ('kakaopay', 'virtualaccount', 'myaccount', 'mobile', 'creditcard', 'CARD')),
  status           INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2, 6, 7, 8, 9)),
  provider         TEXT NOT NULL CHECK (provider IN ('dev', 'toss')),
  -- The PG's key of the payment, set when the confirm starts (1 -> 2).
  payment_key      TEXT UNIQUE,
  va_bank          TEXT,
  va_account       TEXT,
  va_holder        TEXT,
  va_due_at        INTEGER,
  -- What the PG's deposit callback must carry for this payment (Toss: the Payment object's `secret`).
  deposit_secret   TEXT,
  -- KRW the PG says was deposited (a virtual account), kept for a wrong deposit (6).
  deposited_amount INTEGER,
  refunded_luv     INTEGER NOT NULL DEFAULT 0,
  refunded_amount  INTEGER NOT NULL DEFAULT 0,
  failure_code     TEXT,
  failure_message  TEXT,
  created_at       INTEGER NOT NULL,
  approved_at      INTEGER,
  cancelled_at     INTEGER,
  -- A refund never gives back more than was bought or paid (a second refund racing the first throws here).
  CONSTRAINT refunds_within_payment CHECK (refunded_luv BETWEEN 0 AND luv AND refunded_amount BETWEEN 0 AND amount)
);
CREATE INDEX payments_member ON payments(member_id, created_at DESC);

-- Every order starts requested.
CREATE TRIGGER payments_created_requested BEFORE INSERT ON payments WHEN NEW.status <> 1
BEGIN SELECT RAISE(ABORT, 'payment status: an order is created requested (1)'); END;

-- The allowed transitions: 1->2 confirm in flight; 2->9 approved; 2->0 virtual account issued;
-- 2->8 approval error; 1->8 the PG's fail redirect; 1->7 abandoned; 0->9 right deposit; 0->6 wrong deposit;
-- 0->7 virtual account expired or cancelled; 6->7 wrong deposit returned; 9->7 fully refunded. Anything else,
-- the same status again included, aborts the statement and so the whole batch it is in.
CREATE TRIGGER payments_status_transition BEFORE UPDATE OF status ON payments
WHEN (OLD.status, NEW.status) NOT IN (VALUES (1, 2), (2, 9), (2, 0), (2, 8), (1, 8), (1, 7), (0, 9), (0, 6), (0, 7), (6, 7), (9, 7))
BEGIN SELECT RAISE(ABORT, 'payment status: transition not allowed'); END;

-- The order's identity and price never change once created.
CREATE TRIGGER payments_fixed BEFORE UPDATE OF order_id, member_id, pack_id, luv, amount, created_at ON payments
BEGIN SELECT RAISE(ABORT, 'payment: the order is fixed'); END;

-- A refund of a payment's unspent luv. Written 'pending' in the batch that takes the luv out of the wallet,
-- then 'done' once the PG refunded the KRW, or 'reversed' (in the batch that puts the luv back) when it refused.
CREATE TABLE payment_refunds (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_id       INTEGER NOT NULL REFERENCES payments(id),
  -- The ledger movement's key; also the PG cancel's Idempotency-Key.
  idempotency_key  TEXT NOT NULL UNIQUE,
  luv              INTEGER NOT NULL CHECK (typeof(luv) = 'integer' AND luv > 0),
  amount           INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'reversed')),
  failure_message  TEXT,
  created_at       INTEGER NOT NULL,
  settled_at       INTEGER
);
CREATE INDEX payment_refunds_payment ON payment_refunds(payment_id, status);
-- At most one refund of a payment in flight: a second one waits for the first to settle.
CREATE UNIQUE INDEX payment_refunds_one_pending ON payment_refunds(payment_id) WHERE status = 'pending';
CREATE TRIGGER payment_refunds_settle_once BEFORE UPDATE OF status ON payment_refunds WHEN OLD.status <> 'pending' OR NEW.status = 'pending'
BEGIN SELECT RAISE(ABORT, 'payment refund: settled already'); END;

-- The PG's webhooks, each event applied once: a retry of the same event finds its id and changes nothing.
CREATE TABLE payment_webhooks (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id     TEXT NOT NULL UNIQUE,
  order_id     TEXT,
  event_type   TEXT NOT NULL,
  pg_status    TEXT,
  -- What it did: the status it moved the order to, or why it moved nothing.
  outcome      TEXT NOT NULL,
  received_at  INTEGER NOT NULL
);

-- The offline dev PG (PG_PROVIDER=dev): what the person chose on its checkout page, so its confirm answers that.
CREATE TABLE dev_pg_payments (
  payment_key      TEXT PRIMARY KEY,
  order_id         TEXT NOT NULL,
  -- The amount the checkout charged (a 'wrong' choice sends the browser back with another one).
  amount           INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  choice           TEXT NOT NULL CHECK (choice IN ('approve', 'virtual_account')),
  -- The dev PG's own view, shaped like Toss's Payment.status.
  status           TEXT NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'DONE', 'WAITING_FOR_DEPOSIT', 'CANCELED', 'PARTIAL_CANCELED', 'EXPIRED')),
  secret           TEXT NOT NULL,
  balance_amount   INTEGER NOT NULL,
  -- The Idempotency-Key of the last cancel: the same cancel asked again answers as it did (like Toss's).
  last_cancel_key  TEXT,
  created_at       INTEGER NOT NULL,
  approved_at      INTEGER
);
CREATE INDEX dev_pg_payments_order ON dev_pg_payments(order_id);
