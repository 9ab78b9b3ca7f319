-- Money calls sent without an idempotency key (withdraw, exchange apply): each claims its member, route and amount,
-- with no time bucket in the key, for DOUBLE_SUBMIT_WINDOW_MS (src/lib/request-key.ts). A second identical submit
-- within the window finds the claim and is refused, wherever a bucket boundary falls between the two. A claim whose
-- call was refused is given back; a member's expired claims go with their next claim.
CREATE TABLE double_submit_claims (
  claim_key   TEXT PRIMARY KEY,          -- "<route>:<member id>:<amount>"
  member_id   INTEGER NOT NULL,
  claimed_at  INTEGER NOT NULL           -- ms
);
CREATE INDEX double_submit_claims_member ON double_submit_claims (member_id, claimed_at);
