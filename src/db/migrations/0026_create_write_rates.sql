-- The write rate per member (WRITE_RATE): one row per member holding the current fixed window's count of unsafe
-- API calls. The counter must be exact across isolates (so it lives in D1 or a Durable Object, never KV), and
-- one upsert per write keeps it to a single D1 statement; one row per member keeps it bounded.
CREATE TABLE write_rates (
  member_id     INTEGER PRIMARY KEY,
  window_start  INTEGER NOT NULL,
  count         INTEGER NOT NULL CHECK (count >= 1)
);
