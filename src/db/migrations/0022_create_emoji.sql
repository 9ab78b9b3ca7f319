-- Emoji (GET /api/guest/show-all-emoji, POST /api/lives/change-favorite-emoticon): the platform's common set
-- (channel_id NULL) and each channel's own, uploaded by its creator. Chat messages name them as :code:; the
-- chat room resolves codes to these rows only (never to a URL a client sent).
CREATE TABLE emoji (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id      INTEGER REFERENCES channels(id) ON DELETE CASCADE,   -- NULL: the common set
  code            TEXT NOT NULL CHECK (length(code) BETWEEN 2 AND 20 AND code NOT GLOB '*[^a-z0-9_]*'),
  title           TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 30),
  upload_key      TEXT NOT NULL REFERENCES uploads(key),
  created_at      INTEGER NOT NULL                                      -- ms
);
-- A code names one emoji per channel and one in the common set; a channel's own wins over a common one.
CREATE UNIQUE INDEX emoji_code ON emoji(ifnull(channel_id, 0), code);
CREATE INDEX emoji_channel ON emoji(channel_id, id);

-- A member's favorites, shown first in the picker.
CREATE TABLE emoji_favorites (
  member_id       INTEGER NOT NULL REFERENCES members(id),
  emoji_id        INTEGER NOT NULL REFERENCES emoji(id) ON DELETE CASCADE,
  created_at      INTEGER NOT NULL,
  PRIMARY KEY (member_id, emoji_id)
);
