-- A stream's served segments by program date-time (the playlist's, else when it was stored less its length), so a
-- clip finds the segments of a moment in a recording of any length without reading the rest (src/db/clips.ts).
CREATE INDEX stream_segments_by_time ON stream_segments(stream_id, rendition, COALESCE(program_date_time, stored_at - duration_ms))
  WHERE stored_at IS NOT NULL AND duration_ms IS NOT NULL;
