-- Password tries on protected lives (GET /api/guest/live-Auth), per channel and device, counted exactly in
-- D1 (not KV): each try takes a slot before the password is checked; a right password clears the row;
-- 10 quiet minutes reset it.
CREATE TABLE live_auth_attempts (
  channel_id    INTEGER NOT NULL REFERENCES channels(id),
  device_id     TEXT NOT NULL,
  attempts      INTEGER NOT NULL,
  last_at       INTEGER NOT NULL,               -- ms
  PRIMARY KEY (channel_id, device_id)
);
