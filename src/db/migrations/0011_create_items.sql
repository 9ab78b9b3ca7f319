-- Items: what each member holds, what happened to items, and active full-room passes.
-- The catalogue (codes, prices, what each does) is code: src/shared/items.ts. Luv paid for an item moves
-- in the ledger (wallet -> platform_revenue); the rows here are written in the same batch (`alongside`).

-- A member's inventory: one row per member and item code. quantity >= 0 is the rule that makes a use or a
-- gift of an item the member does not hold THROW (and so undo its whole batch): every decrease is an
-- upsert that would insert a negative quantity or lower one below zero, never an UPDATE that may match no row.
CREATE TABLE member_items (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  item_code   INTEGER NOT NULL,
  quantity    INTEGER NOT NULL CHECK (typeof(quantity) = 'integer' AND quantity >= 0),
  updated_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (member_id, item_code)
);

-- What happened to items, once per key: bought (member_id bought quantity), gifted (member_id gave
-- quantity to target_id), used (member_id used one; channel_id and content for a LEX message).
-- The UNIQUE key makes a retried request's batch throw before it changes anything.
CREATE TABLE item_events (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key  TEXT NOT NULL UNIQUE,
  kind             TEXT NOT NULL CHECK (kind IN ('buy', 'gift', 'use')),
  item_code        INTEGER NOT NULL,
  quantity         INTEGER NOT NULL CHECK (typeof(quantity) = 'integer' AND quantity > 0),
  member_id        INTEGER NOT NULL REFERENCES members(id),
  target_id        INTEGER REFERENCES members(id),
  channel_id       INTEGER,
  content          TEXT,
  font_style       TEXT,
  price            INTEGER NOT NULL DEFAULT 0,
  created_at       INTEGER NOT NULL,
  CONSTRAINT gift_has_target CHECK ((kind = 'gift') = (target_id IS NOT NULL))
);
CREATE INDEX item_events_member ON item_events(member_id, kind, id);
CREATE INDEX item_events_target ON item_events(target_id, kind, id) WHERE target_id IS NOT NULL;

-- A member's full-room pass (420/421/422): active until expires_at (epoch seconds). Using another pass
-- extends it from whichever is later, now or the current end.
CREATE TABLE room_passes (
  member_id   INTEGER PRIMARY KEY REFERENCES members(id),
  expires_at  INTEGER NOT NULL
);

-- Every inventory change is an event's: inserting the event row changes the holdings in the same statement,
-- so a batch cannot record an event without its effect or the other way round. Giving or using more than
-- the member holds RAISEs (ITEM_NOT_HELD), which undoes the whole batch (a ledger movement with it).
CREATE TRIGGER item_events_take AFTER INSERT ON item_events WHEN NEW.kind IN ('gift', 'use') BEGIN
  SELECT RAISE(ABORT, 'ITEM_NOT_HELD') WHERE NOT EXISTS (
    SELECT 1 FROM member_items WHERE member_id = NEW.member_id AND item_code = NEW.item_code AND quantity >= NEW.quantity);
  UPDATE member_items SET quantity = quantity - NEW.quantity, updated_at = unixepoch()
    WHERE member_id = NEW.member_id AND item_code = NEW.item_code;
END;
CREATE TRIGGER item_events_give AFTER INSERT ON item_events WHEN NEW.kind IN ('buy', 'gift') BEGIN
  INSERT INTO member_items (member_id, item_code, quantity) VALUES (COALESCE(NEW.target_id, NEW.member_id), NEW.item_code, NEW.quantity)
    ON CONFLICT (member_id, item_code) DO UPDATE SET quantity = quantity + excluded.quantity, updated_at = unixepoch();
END;
-- History is immutable, like the ledger's.
CREATE TRIGGER item_events_no_update BEFORE UPDATE ON item_events BEGIN SELECT RAISE(ABORT, 'item events are immutable'); END;
CREATE TRIGGER item_events_no_delete BEFORE DELETE ON item_events BEGIN SELECT RAISE(ABORT, 'item events are immutable'); END;
