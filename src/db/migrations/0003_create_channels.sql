-- Channels, their streams, and what viewers keep about them.

-- Home page themes; names come from locales (`themes.<code>`).
CREATE TABLE themes (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  code        TEXT NOT NULL UNIQUE,
  sort        INTEGER NOT NULL DEFAULT 0,
  device      TEXT NOT NULL DEFAULT 'ALL' CHECK (device IN ('ALL', 'PC', 'MOBILE'))
);
INSERT INTO themes (code, sort) VALUES ('talk', 1), ('game', 2), ('music', 3), ('sports', 4), ('study', 5);

-- One channel per creator. The stream key is a secret the owner can rotate; our own encoder ingest
-- (source 'flex') checks it. Third-party sources keep their playback URL here instead.
CREATE TABLE channels (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id        INTEGER NOT NULL UNIQUE REFERENCES members(id),
  title           TEXT NOT NULL,
  description     TEXT NOT NULL DEFAULT '',
  theme_id        INTEGER REFERENCES themes(id),
  stream_key      TEXT NOT NULL UNIQUE,
  source          TEXT NOT NULL DEFAULT 'flex' CHECK (source IN ('flex', 'ncp', 'aws', 'llh', 'bp_flv', 'bp_rtc')),
  external_url    TEXT,                          -- playback URL of a third-party source
  external_hls_url TEXT,                         -- bp_rtc: the HLS rendition when WHEP is not offered
  adult           INTEGER NOT NULL DEFAULT 0 CHECK (adult IN (0, 1)),       -- new lives are adult-only
  adult_plus      INTEGER NOT NULL DEFAULT 0 CHECK (adult_plus IN (0, 1)),
  password_hash   TEXT,                          -- set: lives ask for the password (pbkdf2, like members)
  thumbnail_at    INTEGER,                       -- ms of the newest thumbnail in R2 (live/<id>/thumb.jpg)
  created_at      INTEGER NOT NULL DEFAULT (unixepoch())
);

-- Streams: kind live 1, record 2 (a finished live kept as VOD), channel 3 (a channel's standing stream).
-- Times in ms. A live stream has ended_at NULL; when it ends it becomes kind 2.
CREATE TABLE streams (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  kind            INTEGER NOT NULL CHECK (kind IN (1, 2, 3)),
  source          TEXT NOT NULL CHECK (source IN ('flex', 'ncp', 'aws', 'llh', 'bp_flv', 'bp_rtc')),
  playback_url    TEXT,                          -- third-party sources; NULL for our own (served from R2)
  title           TEXT NOT NULL,
  adult           INTEGER NOT NULL DEFAULT 0 CHECK (adult IN (0, 1)),
  adult_plus      INTEGER NOT NULL DEFAULT 0 CHECK (adult_plus IN (0, 1)),
  has_password    INTEGER NOT NULL DEFAULT 0 CHECK (has_password IN (0, 1)),
  started_at      INTEGER NOT NULL,
  ended_at        INTEGER,
  last_media_at   INTEGER,                       -- last segment received (our own source)
  duration_ms     INTEGER NOT NULL DEFAULT 0,    -- sum of listed segment durations
  viewer_count    INTEGER NOT NULL DEFAULT 0 CHECK (viewer_count >= 0),
  peak_viewers    INTEGER NOT NULL DEFAULT 0 CHECK (peak_viewers >= 0),
  view_count      INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0)
);
CREATE INDEX streams_channel ON streams(channel_id, started_at DESC);
CREATE INDEX streams_kind ON streams(kind, ended_at, started_at DESC);
-- At most one open live per channel, enforced by the database rather than by luck.
CREATE UNIQUE INDEX streams_one_live ON streams(channel_id) WHERE ended_at IS NULL;

-- Channel subscriptions (status: 1 subscribed, 2 unsubscribed, 3 expired, 4 unused, 5 renewal cancelled).
CREATE TABLE channel_subscriptions (
  member_id       INTEGER NOT NULL REFERENCES members(id),
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  status          INTEGER NOT NULL CHECK (status BETWEEN 1 AND 5),
  started_at      INTEGER NOT NULL,
  expires_at      INTEGER,
  hidden          INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),   -- removed from the member's list
  PRIMARY KEY (member_id, channel_id)
);
CREATE INDEX channel_subscriptions_channel ON channel_subscriptions(channel_id, status);

-- Recently watched channels (one row per member and channel, newest first).
CREATE TABLE watch_history (
  member_id       INTEGER NOT NULL REFERENCES members(id),
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  stream_id       INTEGER REFERENCES streams(id),
  watched_at      INTEGER NOT NULL,
  PRIMARY KEY (member_id, channel_id)
);
CREATE INDEX watch_history_member ON watch_history(member_id, watched_at DESC);

-- Channels a member has sent gifts to (the gift-view list); the luv ledger keeps it up to date.
CREATE TABLE gift_history (
  member_id       INTEGER NOT NULL REFERENCES members(id),
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  total_amount    INTEGER NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
  last_gift_at    INTEGER NOT NULL,
  hidden          INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  PRIMARY KEY (member_id, channel_id)
);
CREATE INDEX gift_history_member ON gift_history(member_id, last_gift_at DESC);

-- Channel notices (the channel page links to them).
CREATE TABLE channel_notices (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id      INTEGER NOT NULL REFERENCES channels(id),
  title           TEXT NOT NULL,
  body            TEXT NOT NULL,
  important       INTEGER NOT NULL DEFAULT 0 CHECK (important IN (0, 1)),
  created_at      INTEGER NOT NULL,              -- ms
  updated_at      INTEGER NOT NULL
);
CREATE INDEX channel_notices_channel ON channel_notices(channel_id, created_at DESC);

-- Home content run by operators: banners (classic and new style), event popups, partner logos.
CREATE TABLE banners (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  style           TEXT NOT NULL CHECK (style IN ('classic', 'new')),
  title           TEXT NOT NULL,
  subtitle        TEXT NOT NULL DEFAULT '',
  image_url       TEXT NOT NULL,
  link_url        TEXT NOT NULL,
  sort            INTEGER NOT NULL DEFAULT 0,
  starts_at       INTEGER NOT NULL,              -- ms
  ends_at         INTEGER                        -- ms; NULL: no end
);
CREATE TABLE popups (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  title           TEXT NOT NULL,
  body            TEXT NOT NULL,
  image_url       TEXT,
  link_url        TEXT,
  starts_at       INTEGER NOT NULL,
  ends_at         INTEGER
);
CREATE TABLE logos (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  name            TEXT NOT NULL,
  image_url       TEXT NOT NULL,
  link_url        TEXT NOT NULL,
  sort            INTEGER NOT NULL DEFAULT 0
);
