-- Live segments in CMAF (fMP4) as well as MPEG-TS, in one or several renditions, across encoder restarts.
--   rendition   '' for a stream of one rendition; else the rendition's name (its folder in the ingest path).
--   name        the file as viewers fetch it: the encoder's own name in its first run, behind the run's number
--               after a restart (`2.index0.m4s`: an encoder's names never contain a dot before the extension, so
--               the two can never meet). CMAF init segments (.mp4) are rows too, never listed (seq stays NULL).
--   generation  the encoder's run within this stream, from 0. A restart starts the next one: its segments follow
--               the last one's after a discontinuity (EXT-X-DISCONTINUITY) and, in CMAF, their own init segment.
--   init_name   CMAF: the init segment (EXT-X-MAP) a media segment needs, as served; NULL for MPEG-TS.
--   seq         the viewers' media sequence number: the encoder's, plus where its run started in this stream.
PRAGMA defer_foreign_keys = true;

CREATE TABLE stream_segments_cmaf (
  stream_id          INTEGER NOT NULL REFERENCES streams(id),
  rendition          TEXT NOT NULL DEFAULT '',
  name               TEXT NOT NULL,
  generation         INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0),
  init_name          TEXT,
  seq                INTEGER,
  duration_ms        INTEGER,
  program_date_time  INTEGER,
  bytes              INTEGER,
  stored_at          INTEGER,
  PRIMARY KEY (stream_id, rendition, name)
) WITHOUT ROWID;

INSERT INTO stream_segments_cmaf (stream_id, name, seq, duration_ms, program_date_time, bytes, stored_at)
  SELECT stream_id, name, seq, duration_ms, program_date_time, bytes, stored_at FROM stream_segments;

DROP TABLE stream_segments;
ALTER TABLE stream_segments_cmaf RENAME TO stream_segments;

CREATE INDEX stream_segments_served ON stream_segments(stream_id, rendition, seq)
  WHERE stored_at IS NOT NULL AND duration_ms IS NOT NULL;
