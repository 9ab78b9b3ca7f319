-- Agencies: an agency is a member account with the agency role (a row here); it invites creators, and a creator
-- who accepts links their channel to it. Declined and expired invites link nothing.
CREATE TABLE agencies (
  member_id       INTEGER PRIMARY KEY REFERENCES members(id),
  name            TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 40),
  created_at      INTEGER NOT NULL                                      -- ms
);

-- The agency a channel belongs to (NULL: none).
ALTER TABLE channels ADD COLUMN agency_id INTEGER REFERENCES agencies(member_id);

-- An invite to one channel's creator. status: pending until answered; an unanswered invite past expires_at
-- is expired (read as such; it can no longer be answered). The contract is a PDF in the uploads store,
-- served only through a signed, expiring URL to the invite's own creator.
CREATE TABLE agency_invites (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  agency_id       INTEGER NOT NULL REFERENCES agencies(member_id),
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  creator_id      INTEGER NOT NULL REFERENCES members(id),
  message         TEXT NOT NULL DEFAULT '' CHECK (length(message) <= 1000),
  contract_key    TEXT REFERENCES uploads(key),
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL CHECK (expires_at > created_at),
  read_at         INTEGER,
  responded_at    INTEGER,
  CHECK ((status = 'pending') = (responded_at IS NULL))
);
CREATE INDEX agency_invites_creator ON agency_invites(creator_id, id DESC);
CREATE INDEX agency_invites_agency ON agency_invites(agency_id, id DESC);

-- Only a pending, unexpired invite is answered, once; accepting links the channel in the same batch, and the
-- link is written only if this trigger let the answer through (src/db/agencies.ts).
CREATE TRIGGER agency_invites_answer_once BEFORE UPDATE OF status ON agency_invites
WHEN OLD.status <> 'pending' OR NEW.responded_at > OLD.expires_at
BEGIN
  SELECT RAISE(ABORT, 'AGENCY_INVITE_CLOSED');
END;
