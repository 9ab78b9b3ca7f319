-- Sanctions staff put on a member: a warning (a message in their inbox), a mute in every chat room, a suspension
-- until a time (sign-in refused with 423, sessions ended) or a block for good. A sanction is in force from
-- starts_at until ends_at (NULL: for good) unless lifted; warnings are a record and never in force. Rows are kept:
-- lifting one sets lifted_at, so a member's history stays whole.
CREATE TABLE member_sanctions (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  kind          TEXT NOT NULL CHECK (kind IN ('warn', 'mute', 'suspend', 'block')),
  reason        TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 400),
  starts_at     INTEGER NOT NULL,                      -- ms
  ends_at       INTEGER,                               -- ms; NULL for a block (for good) and a warning
  staff_id      INTEGER NOT NULL REFERENCES members(id),
  report_source TEXT CHECK (report_source IS NULL OR report_source IN ('cs', 'message')),
  report_id     INTEGER,
  lifted_at     INTEGER,                               -- ms
  lifted_by     INTEGER REFERENCES members(id),
  CHECK ((report_source IS NULL) = (report_id IS NULL)),
  CHECK ((lifted_at IS NULL) = (lifted_by IS NULL)),
  CHECK (kind <> 'block' OR ends_at IS NULL),
  CHECK (kind NOT IN ('mute', 'suspend') OR ends_at > starts_at)
);
CREATE INDEX member_sanctions_member ON member_sanctions(member_id, kind, lifted_at);
