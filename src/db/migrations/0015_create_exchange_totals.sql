-- The exchange event: a member converts received luv (earnings) into spendable luv (wallet) at the
-- event's rate, within a cap per member and a total cap for the event. The event itself (id, window, rate,
-- caps) lives in KV `exchange_event` (npm run ops -- exchange ...); the money is one `exchange` ledger movement.
--
-- What has been applied is counted here, in rows the movement's batch upserts (`alongside` statements): the
-- caps are bound from KV into the same statements, and a CHECK makes the upsert THROW when a cap would be
-- passed, which undoes the whole batch (the ledger movement with it). So parallel applies can never pass a
-- cap: D1 runs batches one after another, and each adds its amount and checks the cap in one statement.
-- Amounts are what members applied, in earnings luv (before the rate).

-- One row per event: all members' applied luv, and the total cap as of the last apply.
CREATE TABLE exchange_event_totals (
  event_id    TEXT PRIMARY KEY CHECK (length(event_id) BETWEEN 1 AND 64),
  applied     INTEGER NOT NULL CHECK (typeof(applied) = 'integer' AND applied >= 0),
  cap         INTEGER NOT NULL CHECK (typeof(cap) = 'integer' AND cap >= 0),
  updated_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  CONSTRAINT exchange_total_cap CHECK (applied <= cap)
);

-- One row per event and member: what this member applied, and the member cap as of their last apply.
CREATE TABLE exchange_member_totals (
  event_id    TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 64),
  member_id   INTEGER NOT NULL REFERENCES members(id),
  applied     INTEGER NOT NULL CHECK (typeof(applied) = 'integer' AND applied >= 0),
  cap         INTEGER NOT NULL CHECK (typeof(cap) = 'integer' AND cap >= 0),
  applications INTEGER NOT NULL DEFAULT 1 CHECK (applications >= 1),
  updated_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  CONSTRAINT exchange_member_cap CHECK (applied <= cap),
  PRIMARY KEY (event_id, member_id)
);

-- Rankings (GET /api/my/rankings) read this week's gifts: movements by kind and time (their entries are found
-- through UNIQUE (movement_id, account_id)).
CREATE INDEX ledger_movements_kind_time ON ledger_movements(kind, created_at);
