-- Uploads: every file a member uploads, kept in R2 bucket UPLOADS under a generated key; the
-- channel profile (images, links); notices with their author and images.

-- One row per stored object. The key is ours (random, with the extension of the type the bytes proved),
-- never a name the user sent; content_type is what the bytes are, and what the file is served as.
CREATE TABLE uploads (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  key             TEXT NOT NULL UNIQUE,
  owner_id        INTEGER NOT NULL REFERENCES members(id),
  purpose         TEXT NOT NULL CHECK (length(purpose) BETWEEN 1 AND 40),
  content_type    TEXT NOT NULL,
  size            INTEGER NOT NULL CHECK (size > 0),
  width           INTEGER,                       -- images only
  height          INTEGER,
  created_at      INTEGER NOT NULL               -- ms
);
CREATE INDEX uploads_owner ON uploads(owner_id, created_at DESC);

-- The channel profile: the name is channels.title and the description channels.description (0003).
ALTER TABLE channels ADD COLUMN profile_image_key TEXT REFERENCES uploads(key);
ALTER TABLE channels ADD COLUMN banner_key TEXT REFERENCES uploads(key);
-- JSON array of { label, url } (at most 5, checked by the API).
ALTER TABLE channels ADD COLUMN links TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(links));

-- Notices: who wrote them (the creator or one of the channel's managers) and their images, in order.
-- important (0003) is the pin: at most one pinned notice per channel.
ALTER TABLE channel_notices ADD COLUMN author_id INTEGER REFERENCES members(id);
CREATE UNIQUE INDEX channel_notices_one_pinned ON channel_notices(channel_id) WHERE important = 1;
CREATE TABLE channel_notice_images (
  notice_id       INTEGER NOT NULL REFERENCES channel_notices(id) ON DELETE CASCADE,
  position        INTEGER NOT NULL CHECK (position >= 0),
  upload_key      TEXT NOT NULL REFERENCES uploads(key),
  PRIMARY KEY (notice_id, position)
);
