-- When the member's pages last opened their inbox socket (a ticket is asked for on every page of theirs): the
-- went-live notices, which only open pages can show, wake the inboxes of followers seen recently, not of every
-- follower (src/api/services/went-live.ts).
ALTER TABLE members ADD COLUMN inbox_seen_at INTEGER;
