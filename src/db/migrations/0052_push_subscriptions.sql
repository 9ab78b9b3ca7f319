-- Web Push: a member's browsers that allowed notices (one row per browser's subscription; its endpoint is the push
-- service's URL for that browser, unique: a browser signed into another account moves to that account). The keys
-- are the browser's, to encrypt for it (p256dh, auth); the locale is the page's, to write the notice in.
CREATE TABLE push_subscriptions (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  endpoint    TEXT NOT NULL UNIQUE,
  p256dh      TEXT NOT NULL,
  auth        TEXT NOT NULL,
  locale      TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_member ON push_subscriptions(member_id, id);
