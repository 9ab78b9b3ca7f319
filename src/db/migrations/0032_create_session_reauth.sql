-- A fresh proof of who holds a session (the password again, or a new identity check): changing where payouts go and
-- withdrawing ask for one made within minutes, so a stolen access token alone moves no money. One row per session
-- family (a login), replaced by each new proof; it ends with the family (revoked or expired).
CREATE TABLE session_reauth (
  family_id    TEXT PRIMARY KEY,
  member_id    INTEGER NOT NULL REFERENCES members(id),
  verified_at  INTEGER NOT NULL
);
