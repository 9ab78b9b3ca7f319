-- Every staff action (a sanction, a closed report, a channel switch, a banner or popup changed, a payout decided):
-- who did it, what, to what, when, and the state before and after as JSON. Rows are only ever added; nothing
-- updates or deletes them, so the log is the history an operator answers from.
CREATE TABLE staff_audit (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  at          INTEGER NOT NULL,
  actor_id    INTEGER NOT NULL,
  action      TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id   TEXT NOT NULL,
  before_json TEXT,
  after_json  TEXT
);
CREATE INDEX staff_audit_at ON staff_audit(at);
CREATE INDEX staff_audit_target ON staff_audit(target_type, target_id);
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit BEGIN SELECT RAISE(ABORT, 'staff_audit: rows are never changed'); END;
CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit BEGIN SELECT RAISE(ABORT, 'staff_audit: rows are never deleted'); END;
