-- The demo viewer's lists (recent-view, subscriptions-view, gift-view). Inserts nothing when the demo
-- viewer or the demo channels do not exist; re-running leaves existing rows (and what the viewer hid) as they are.
INSERT OR IGNORE INTO watch_history (member_id, channel_id, stream_id, watched_at)
  SELECT m.id, ch.id, NULL, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - ch.id * 3600000
  FROM members m JOIN channels ch ON ch.id IN (1, 2) WHERE m.login_id = 'demo_viewer';

INSERT OR IGNORE INTO channel_subscriptions (member_id, channel_id, status, started_at, expires_at, hidden)
  SELECT m.id, ch.id, CASE ch.id WHEN 1 THEN 1 ELSE 3 END,
         CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 20 * 86400000,
         CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) + CASE ch.id WHEN 1 THEN 10 ELSE -1 END * 86400000, 0
  FROM members m JOIN channels ch ON ch.id IN (1, 2) WHERE m.login_id = 'demo_viewer';

INSERT OR IGNORE INTO gift_history (member_id, channel_id, total_amount, last_gift_at, hidden)
  SELECT m.id, ch.id, 3300, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 86400000, 0
  FROM members m JOIN channels ch ON ch.id = 1 WHERE m.login_id = 'demo_viewer';
