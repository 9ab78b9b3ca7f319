-- Following: a member keeps up with a channel (its page's "팔로우"), listed on /my/following live first, and is told
-- when it goes live unless they turned its notices off (notify = 0). The channel's count of followers is kept on
-- its row, moved in the same transaction as the follow (src/db/follows.ts).
CREATE TABLE follows (
  member_id   INTEGER NOT NULL REFERENCES members(id),
  channel_id  INTEGER NOT NULL REFERENCES channels(id),
  notify      INTEGER NOT NULL DEFAULT 1,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (member_id, channel_id)
) WITHOUT ROWID;
-- A channel's followers to tell, in member order (the went-live notices read them a page at a time).
CREATE INDEX follows_by_channel ON follows(channel_id, member_id) WHERE notify = 1;
CREATE INDEX follows_by_member ON follows(member_id, created_at DESC);
ALTER TABLE channels ADD COLUMN follower_count INTEGER NOT NULL DEFAULT 0;
