-- A recording in several renditions had its length written as the sum over all of them (three renditions: three
-- times its length). Written again as one rendition's, the longest, as a live's end now writes it.
UPDATE streams SET duration_ms = (
  SELECT COALESCE(MAX(total), 0) FROM (
    SELECT SUM(duration_ms) AS total FROM stream_segments
    WHERE stream_id = streams.id AND stored_at IS NOT NULL AND duration_ms IS NOT NULL GROUP BY rendition
  )
)
WHERE ended_at IS NOT NULL AND EXISTS (SELECT 1 FROM stream_segments WHERE stream_id = streams.id);
