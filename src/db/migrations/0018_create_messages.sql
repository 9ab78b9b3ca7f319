-- Messages between members (쪽지), each side's copy deleted on its own; the block list;
-- reports of messages to the operator; and the member's page settings.

CREATE TABLE messages (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id         INTEGER NOT NULL REFERENCES members(id),
  receiver_id       INTEGER NOT NULL REFERENCES members(id),
  content           TEXT NOT NULL CHECK (length(content) BETWEEN 1 AND 500),
  created_at        INTEGER NOT NULL,                 -- ms
  read_at           INTEGER,                          -- ms; the receiver opened it
  sender_deleted    INTEGER NOT NULL DEFAULT 0 CHECK (sender_deleted IN (0, 1)),
  receiver_deleted  INTEGER NOT NULL DEFAULT 0 CHECK (receiver_deleted IN (0, 1)),
  CHECK (sender_id <> receiver_id)
);
CREATE INDEX messages_received ON messages(receiver_id, receiver_deleted, id);
CREATE INDEX messages_sent ON messages(sender_id, sender_deleted, id);
-- The rate limit counts distinct receivers of a sender's last minute (deleted copies too).
CREATE INDEX messages_sender_time ON messages(sender_id, created_at);

-- Who a member blocked: a blocked member cannot message them, and their chat lines are hidden from them.
CREATE TABLE message_blocks (
  member_id   INTEGER NOT NULL REFERENCES members(id),
  target_id   INTEGER NOT NULL REFERENCES members(id),
  created_at  INTEGER NOT NULL,                       -- ms
  PRIMARY KEY (member_id, target_id),
  CHECK (member_id <> target_id)
);
CREATE INDEX message_blocks_target ON message_blocks(target_id);

-- A message reported to the operator (`npm run ops -- reports`). The words are copied: the report stands
-- when either side deletes their copy. One report per message and reporter.
CREATE TABLE message_reports (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id   INTEGER NOT NULL REFERENCES messages(id),
  reporter_id  INTEGER NOT NULL REFERENCES members(id),
  sender_id    INTEGER NOT NULL REFERENCES members(id),
  content      TEXT NOT NULL,
  reason       TEXT,
  status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at   INTEGER NOT NULL,                      -- ms
  UNIQUE (message_id, reporter_id)
);

-- The member's page settings, one row per member who changed any (no row: the defaults).
CREATE TABLE member_settings (
  member_id                     INTEGER PRIMARY KEY REFERENCES members(id),
  is_view                       INTEGER NOT NULL DEFAULT 1 CHECK (is_view IN (0, 1)),
  is_vibes                      INTEGER NOT NULL DEFAULT 1 CHECK (is_vibes IN (0, 1)),
  is_sponser                    INTEGER NOT NULL DEFAULT 1 CHECK (is_sponser IN (0, 1)),
  member_sort_code              INTEGER NOT NULL DEFAULT 1 CHECK (member_sort_code IN (1, 2)),
  is_big_fan                    INTEGER NOT NULL DEFAULT 1 CHECK (is_big_fan IN (0, 1)),
  is_member_level_icon_enabled  INTEGER NOT NULL DEFAULT 1 CHECK (is_member_level_icon_enabled IN (0, 1)),
  updated_at                    INTEGER NOT NULL
);
