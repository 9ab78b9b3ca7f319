-- The channel board (the /api/cs/board-* calls): fans' posts on a channel, their
-- images (through the uploads table), comments with one level of replies, likes, who may write, and each
-- member's last visit to a board (GET /api/guest/find-new-board counts what is newer).

CREATE TABLE board_posts (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  author_id       INTEGER NOT NULL REFERENCES members(id),
  category        TEXT NOT NULL CHECK (category IN ('free', 'fanart', 'question', 'review')),
  title           TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  body            TEXT NOT NULL,                 -- sanitized HTML (src/api/services/rich-text.ts)
  body_text       TEXT NOT NULL,                 -- its words without markup: what search reads
  important       INTEGER NOT NULL DEFAULT 0 CHECK (important IN (0, 1)),  -- pinned by the creator or a manager
  created_at      INTEGER NOT NULL,              -- ms
  updated_at      INTEGER NOT NULL
);
CREATE INDEX board_posts_channel ON board_posts(channel_id, important DESC, created_at DESC);
CREATE INDEX board_posts_created ON board_posts(created_at DESC);

CREATE TABLE board_post_images (
  post_id         INTEGER NOT NULL REFERENCES board_posts(id) ON DELETE CASCADE,
  position        INTEGER NOT NULL CHECK (position >= 0),
  upload_key      TEXT NOT NULL REFERENCES uploads(key),
  PRIMARY KEY (post_id, position)
);

-- Comments are plain text. parent_id names the comment a reply answers (replies are one level deep: the
-- API only lets a reply answer a top-level comment); deleting a comment takes its replies.
CREATE TABLE board_comments (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id         INTEGER NOT NULL REFERENCES board_posts(id) ON DELETE CASCADE,
  parent_id       INTEGER REFERENCES board_comments(id) ON DELETE CASCADE,
  author_id       INTEGER NOT NULL REFERENCES members(id),
  body            TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
CREATE INDEX board_comments_post ON board_comments(post_id, parent_id, created_at);

-- One like per member and post: a second like is the primary key's refusal, never a second row.
CREATE TABLE board_likes (
  post_id         INTEGER NOT NULL REFERENCES board_posts(id) ON DELETE CASCADE,
  member_id       INTEGER NOT NULL REFERENCES members(id),
  created_at      INTEGER NOT NULL,
  PRIMARY KEY (post_id, member_id)
);

-- Who may write on a channel's board; a channel without a row lets every member write.
CREATE TABLE board_settings (
  channel_id      INTEGER PRIMARY KEY REFERENCES channels(id),
  write_permission TEXT NOT NULL CHECK (write_permission IN ('everyone', 'subscribers', 'managers')),
  updated_at      INTEGER NOT NULL
);

CREATE TABLE board_visits (
  member_id       INTEGER NOT NULL REFERENCES members(id),
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  visited_at      INTEGER NOT NULL,
  PRIMARY KEY (member_id, channel_id)
);
