-- Clips: a member's cut of a live or a recording of ours, at most a minute, at segment boundaries (no transcoding).
-- A clip refers to its stream's segments in R2 rather than copying them (docs/decisions.md, "Clips refer to their
-- segments"): deleting a recording keeps the R2 objects a clip still lists, and deleting the last clip that lists
-- an object of a deleted recording deletes the object.
CREATE TABLE clips (
  id            TEXT PRIMARY KEY,                -- ten letters and digits, random: its page is /clip/<id>
  channel_id    INTEGER NOT NULL,                -- no foreign keys to streams or channels: a clip outlives its recording
  stream_id     INTEGER NOT NULL,                -- the stream cut from; its R2 folder holds the clip's files
  member_id     INTEGER NOT NULL REFERENCES members(id),
  title         TEXT NOT NULL,
  started_at    INTEGER NOT NULL,                -- program date-time of its first segment (epoch ms)
  duration_ms   INTEGER NOT NULL CHECK (duration_ms > 0),
  adult         INTEGER NOT NULL DEFAULT 0,      -- the stream's flags when cut: who may watch it
  adult_plus    INTEGER NOT NULL DEFAULT 0,
  renditions    TEXT NOT NULL DEFAULT '[]',      -- the stream's renditions (JSON) when it came in several
  view_count    INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  request_key   TEXT NOT NULL,                   -- the maker's key for this request: a repeat answers the same clip
  created_at    INTEGER NOT NULL
);
CREATE INDEX clips_by_channel ON clips (channel_id, created_at DESC);
CREATE INDEX clips_by_member ON clips (member_id, created_at);
CREATE INDEX clips_by_week ON clips (created_at, view_count);
CREATE UNIQUE INDEX clips_request ON clips (member_id, request_key);

-- The segments a clip lists, per rendition ('' for a stream of one), as stream_segments served them.
CREATE TABLE clip_segments (
  clip_id            TEXT NOT NULL REFERENCES clips(id) ON DELETE CASCADE,
  rendition          TEXT NOT NULL,
  seq                INTEGER NOT NULL,
  name               TEXT NOT NULL,
  init_name          TEXT,
  generation         INTEGER NOT NULL,
  duration_ms        INTEGER NOT NULL,
  program_date_time  INTEGER NOT NULL,
  stream_id          INTEGER NOT NULL,           -- the clip's, repeated: which R2 objects are still referred to
  PRIMARY KEY (clip_id, rendition, seq)
) WITHOUT ROWID;
CREATE INDEX clip_segments_by_stream ON clip_segments (stream_id, rendition, name);

-- One view per viewer (member, else device) and clip a day.
CREATE TABLE clip_views (
  clip_id  TEXT NOT NULL REFERENCES clips(id) ON DELETE CASCADE,
  viewer   TEXT NOT NULL,
  day      INTEGER NOT NULL,
  PRIMARY KEY (clip_id, viewer, day)
) WITHOUT ROWID;
