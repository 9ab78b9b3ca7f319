// D1 queries of the live path (channels by stream key, streams, stream_segments).

/** A segment as the encoder's playlist lists it. */
export interface ListedSegment {
  name: string;
  seq: number;
  durationMs: number;
  /** From #EXT-X-PROGRAM-DATE-TIME; null when the encoder does not send it. */
  programDateTime: number | null;
}

/** A segment as viewers' playlists list it: stored, listed, and timed. */
export interface ServedSegment {
  name: string;
  seq: number;
  durationMs: number;
  programDateTime: number;
}

export interface IngestChannel {
  id: number;
  title: string;
  adult: number;
  adultPlus: number;
  hasPassword: number;
  source: string;
}

/** Looked up on every PUT, never cached for long: owners rotate keys and the old one must stop at once. */
export function channelByStreamKey(db: D1Database, key: string): Promise<IngestChannel | null> {
  return db.prepare('SELECT id, title, adult, adult_plus AS adultPlus, (password_hash IS NOT NULL) AS hasPassword, source FROM channels WHERE stream_key = ?').bind(key).first<IngestChannel>();
}

/** The newest thumbnail in R2 is from `at`: pages put it in the thumbnail URL, so a new one is fetched. */
export async function setThumbnailAt(db: D1Database, channelId: number, at: number): Promise<void> {
  await db.prepare('UPDATE channels SET thumbnail_at = ? WHERE id = ?').bind(at, channelId).run();
}

export function insertLiveStream(db: D1Database, channel: IngestChannel, now: number): Promise<{ id: number } | null> {
  return db
    .prepare("INSERT INTO streams (channel_id, kind, source, title, adult, adult_plus, has_password, started_at, last_media_at) VALUES (?, 1, 'flex', ?, ?, ?, ?, ?, ?) RETURNING id")
    .bind(channel.id, channel.title, channel.adult ? 1 : 0, channel.adultPlus ? 1 : 0, channel.hasPassword ? 1 : 0, now, now)
    .first<{ id: number }>();
}

/** A segment arrived: the silence alarm measures from the stream's last media. */
export function mediaReceivedStatement(db: D1Database, streamId: number, now: number): D1PreparedStatement {
  return db.prepare('UPDATE streams SET last_media_at = ? WHERE id = ?').bind(now, streamId);
}

/** When a stream started, last had media, and ended (null: open). */
export interface StreamActivity {
  startedAt: number;
  lastMediaAt: number | null;
  endedAt: number | null;
}

export function streamActivity(db: D1Database, streamId: number): Promise<StreamActivity | null> {
  return db.prepare('SELECT started_at AS startedAt, last_media_at AS lastMediaAt, ended_at AS endedAt FROM streams WHERE id = ?').bind(streamId).first<StreamActivity>();
}

/** An open live ends and becomes a recording (kind 2) whose duration is that of its served segments. */
export async function endLiveStream(db: D1Database, streamId: number, now: number, newViews: number): Promise<void> {
  await db
    .prepare(
      `UPDATE streams SET ended_at = ?1, kind = 2, viewer_count = 0, view_count = view_count + ?2,
         duration_ms = (SELECT COALESCE(SUM(duration_ms), 0) FROM stream_segments WHERE stream_id = ?3 AND stored_at IS NOT NULL AND duration_ms IS NOT NULL)
       WHERE id = ?3 AND ended_at IS NULL`,
    )
    .bind(now, newViews, streamId)
    .run();
}

/** The open live's current viewers (its peak follows) plus views counted since the last update. */
export async function updateViewerCounts(db: D1Database, streamId: number, viewers: number, newViews: number): Promise<void> {
  await db
    .prepare('UPDATE streams SET viewer_count = ?1, peak_viewers = MAX(peak_viewers, ?1), view_count = view_count + ?2 WHERE id = ?3 AND ended_at IS NULL')
    .bind(viewers, newViews, streamId)
    .run();
}

/** Served = its PUT completed and the encoder's playlist listed it. Live: the newest `limit`; ended: all. */
export async function servedSegments(db: D1Database, streamId: number, limit: number | null): Promise<ServedSegment[]> {
  const served = 'stream_id = ? AND stored_at IS NOT NULL AND duration_ms IS NOT NULL';
  const columns = 'name, seq, duration_ms AS durationMs, COALESCE(program_date_time, stored_at - duration_ms) AS programDateTime';
  if (limit === null) {
    return (await db.prepare(`SELECT ${columns} FROM stream_segments WHERE ${served} ORDER BY seq`).bind(streamId).all<ServedSegment>()).results;
  }
  const rows = (await db.prepare(`SELECT ${columns} FROM stream_segments WHERE ${served} ORDER BY seq DESC LIMIT ?`).bind(streamId, limit).all<ServedSegment>()).results;
  return rows.reverse();
}

export function segmentStoredStatement(db: D1Database, streamId: number, name: string, bytes: number, now: number) {
  return db
    .prepare('INSERT INTO stream_segments (stream_id, name, bytes, stored_at) VALUES (?, ?, ?, ?) ON CONFLICT (stream_id, name) DO UPDATE SET bytes = excluded.bytes, stored_at = excluded.stored_at')
    .bind(streamId, name, bytes, now);
}

/** A listing fills seq/duration once; later listings of the same segment change nothing. */
export function segmentListedStatement(db: D1Database, streamId: number, s: ListedSegment) {
  return db
    .prepare(
      `INSERT INTO stream_segments (stream_id, name, seq, duration_ms, program_date_time) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (stream_id, name) DO UPDATE SET seq = excluded.seq, duration_ms = excluded.duration_ms,
         program_date_time = COALESCE(excluded.program_date_time, stream_segments.stored_at - excluded.duration_ms)
       WHERE stream_segments.duration_ms IS NULL`,
    )
    .bind(streamId, s.name, s.seq, s.durationMs, s.programDateTime);
}

export async function storedSegmentNames(db: D1Database, streamId: number): Promise<string[]> {
  const rows = await db.prepare('SELECT name FROM stream_segments WHERE stream_id = ? AND stored_at IS NOT NULL').bind(streamId).all<{ name: string }>();
  return rows.results.map((r) => r.name);
}

/** Recordings of our own source beyond the newest `keep` (oldest first). */
export async function recordingsBeyond(db: D1Database, channelId: number, keep: number): Promise<number[]> {
  const rows = await db
    .prepare("SELECT id FROM streams WHERE channel_id = ? AND kind = 2 AND source = 'flex' ORDER BY started_at DESC, id DESC LIMIT -1 OFFSET ?")
    .bind(channelId, keep)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

export function deleteRecordingStatements(db: D1Database, streamId: number): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE watch_history SET stream_id = NULL WHERE stream_id = ?').bind(streamId),
    db.prepare('DELETE FROM stream_segments WHERE stream_id = ?').bind(streamId),
    db.prepare('DELETE FROM streams WHERE id = ?').bind(streamId),
  ];
}
