-- The renditions of a live stream of ours that comes in several qualities, as the encoder's master playlist
-- (`/live/ingest/<key>/master.m3u8`) described them; viewers get a master playlist built from these rows, one
-- entry per rendition, in `position` order. A stream of one rendition has none.
CREATE TABLE stream_renditions (
  stream_id          INTEGER NOT NULL REFERENCES streams(id),
  name               TEXT NOT NULL,               -- its folder: /live/<channel>/<stream>/<name>/index.m3u8
  position           INTEGER NOT NULL,            -- its place in the encoder's master playlist
  bandwidth          INTEGER NOT NULL CHECK (bandwidth > 0),  -- peak bits per second (BANDWIDTH)
  average_bandwidth  INTEGER,                     -- AVERAGE-BANDWIDTH, when sent
  width              INTEGER,                     -- RESOLUTION, when sent
  height             INTEGER,
  codecs             TEXT,                        -- CODECS, e.g. avc1.64001f,mp4a.40.2
  frame_rate         REAL,                        -- FRAME-RATE
  PRIMARY KEY (stream_id, name)
) WITHOUT ROWID;
