-- Creator payouts: the bank account a creator is paid to, and their withdrawals.
-- The money is the ledger's (0013): payout_request earnings -> payout_pending at the request,
-- payout_cancel back on cancel or reject, payout_paid payout_pending -> pg_clearing (+ the platform's fee to
-- platform_revenue) when paid. Each payouts write goes in the same batch as its movement, and throws when it
-- cannot apply, so a movement never commits without its row or its state change.

-- The account a creator's payouts go to (bank_code, bank_account, bank_holder_name), one per member
-- (a member has at most one channel).
CREATE TABLE payout_accounts (
  member_id         INTEGER PRIMARY KEY REFERENCES members(id),
  bank_code         TEXT NOT NULL CHECK (length(bank_code) = 3 AND bank_code NOT GLOB '*[^0-9]*'),
  bank_account      TEXT NOT NULL CHECK (length(bank_account) BETWEEN 6 AND 30 AND bank_account NOT GLOB '*[^0-9-]*'),
  bank_holder_name  TEXT NOT NULL CHECK (length(bank_holder_name) BETWEEN 1 AND 40),
  updated_at        INTEGER NOT NULL
);

-- One withdrawal. The figures (src/shared/payout-rules.ts) and the bank account are fixed at the request,
-- so what the creator confirmed is what is paid. request_key is the client's idempotency key.
CREATE TABLE payouts (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id         INTEGER NOT NULL REFERENCES members(id),
  request_key       TEXT NOT NULL,
  luv               INTEGER NOT NULL CHECK (typeof(luv) = 'integer' AND luv > 0),
  fee_luv           INTEGER NOT NULL CHECK (fee_luv >= 0 AND fee_luv <= luv),
  gross_krw         INTEGER NOT NULL CHECK (gross_krw > 0),
  fee_krw           INTEGER NOT NULL CHECK (fee_krw >= 0),
  income_tax_krw    INTEGER NOT NULL CHECK (income_tax_krw >= 0),
  local_tax_krw     INTEGER NOT NULL CHECK (local_tax_krw >= 0),
  net_krw           INTEGER NOT NULL CHECK (net_krw >= 0 AND net_krw = gross_krw - fee_krw - income_tax_krw - local_tax_krw),
  bank_code         TEXT NOT NULL,
  bank_account      TEXT NOT NULL,
  bank_holder_name  TEXT NOT NULL,
  status            TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'paid', 'rejected', 'cancelled')),
  requested_at      INTEGER NOT NULL,
  -- When it left 'requested' (approved, rejected or cancelled), and when it was paid. Epoch ms.
  decided_at        INTEGER,
  paid_at           INTEGER,
  UNIQUE (member_id, request_key)
);
CREATE INDEX payouts_member ON payouts(member_id, id);
CREATE INDEX payouts_status ON payouts(status, id);

-- The only moves: requested -> approved | cancelled | rejected, approved -> paid | rejected. Anything else
-- (a second cancel, paying a cancelled one, a stale writer) throws and undoes the batch, movement included.
CREATE TRIGGER payouts_status_in_order BEFORE UPDATE OF status ON payouts
WHEN NOT ((OLD.status = 'requested' AND NEW.status IN ('approved', 'cancelled', 'rejected'))
       OR (OLD.status = 'approved' AND NEW.status IN ('paid', 'rejected')))
BEGIN SELECT RAISE(ABORT, 'payout status out of order'); END;
-- What was confirmed stays as confirmed; a withdrawal is never deleted (the ledger points at it by id).
CREATE TRIGGER payouts_fixed BEFORE UPDATE OF id, member_id, request_key, luv, fee_luv, gross_krw, fee_krw, income_tax_krw, local_tax_krw, net_krw, bank_code, bank_account, bank_holder_name, requested_at ON payouts
BEGIN SELECT RAISE(ABORT, 'payout figures are immutable'); END;
CREATE TRIGGER payouts_no_delete BEFORE DELETE ON payouts BEGIN SELECT RAISE(ABORT, 'payouts are never deleted'); END;
