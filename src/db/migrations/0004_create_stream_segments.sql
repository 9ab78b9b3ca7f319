-- Segments of our own live streams (source 'flex'); the bytes live in R2 at live/<channel>/<stream>/<name>.
-- ffmpeg writes HLS over HTTP in place (no rename), so a segment is half-written while its PUT runs, and
-- its playlist may name a segment whose PUT has not finished. A row is therefore filled from two sides:
--   the segment PUT completing sets stored_at and bytes;
--   ffmpeg's own playlist listing it sets seq, duration_ms and program_date_time.
-- The served playlist lists only rows with BOTH sides set (see the partial index).
CREATE TABLE stream_segments (
  stream_id          INTEGER NOT NULL REFERENCES streams(id),
  name               TEXT NOT NULL,              -- file name as the encoder sent it (index12.ts)
  seq                INTEGER,                    -- the encoder's media sequence number; NULL until listed
  duration_ms        INTEGER,                    -- from #EXTINF; NULL until a playlist lists it
  program_date_time  INTEGER,                    -- ms, from #EXT-X-PROGRAM-DATE-TIME (else derived)
  bytes              INTEGER,                    -- NULL until the PUT completed
  stored_at          INTEGER,                    -- ms the PUT completed; NULL until then
  PRIMARY KEY (stream_id, name)
) WITHOUT ROWID;
CREATE INDEX stream_segments_served ON stream_segments(stream_id, seq)
  WHERE stored_at IS NOT NULL AND duration_ms IS NOT NULL;
