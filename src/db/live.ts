import type { Rendition } from '../shared/hls-master';

export type { Rendition };

// D1 queries of the live path (channels by stream key, streams, stream_segments).

/** A segment as the encoder's playlist lists it (in the encoder's names and numbers, or, once stored, in ours). */
export interface ListedSegment {
  name: string;
  seq: number;
  durationMs: number;
  /** From #EXT-X-PROGRAM-DATE-TIME; null when the encoder does not send it. */
  programDateTime: number | null;
  /** CMAF: the init segment (#EXT-X-MAP) it needs; null for MPEG-TS. */
  init: string | null;
}

/** A segment as viewers' playlists list it: stored, listed, and timed. */
export interface ServedSegment {
  name: string;
  seq: number;
  durationMs: number;
  programDateTime: number;
  /** The encoder's run it came from: a change between two segments is a discontinuity. */
  generation: number;
  initName: string | null;
}

/** Segments to list, and how many discontinuities came before the first of them. */
export interface ServedWindow {
  segments: ServedSegment[];
  discontinuitySequence: number;
  /**
   * A delta update: the window's first `count` segments are left out (the player has them), `segments` are the rest;
   * `firstSeq` is the window's first number, `previous` the last one left out.
   */
  skipped?: { count: number; firstSeq: number; previous: ServedSegment };
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

/**
 * A recording's length (binds ?1 the stream): its served segments' of one rendition, the longest. Every rendition
 * holds the whole recording, so a sum over all of them would count it once per rendition.
 */
const RECORDING_DURATION = `(SELECT COALESCE(MAX(total), 0) FROM (SELECT SUM(duration_ms) AS total FROM stream_segments
   WHERE stream_id = ?1 AND stored_at IS NOT NULL AND duration_ms IS NOT NULL GROUP BY rendition))`;

/** A recording's length again, once a late segment of it was stored. */
export function recordingDurationStatement(db: D1Database, streamId: number): D1PreparedStatement {
  return db.prepare(`UPDATE streams SET duration_ms = ${RECORDING_DURATION} WHERE id = ?1`).bind(streamId);
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

/**
 * A recording the silence ended goes live again (its encoder came back): null when it is gone, was not ended, or
 * another stream of the channel is open.
 */
export function reopenLiveStream(db: D1Database, streamId: number, channelId: number, now: number): Promise<{ id: number } | null> {
  return db
    .prepare(
      `UPDATE streams SET ended_at = NULL, kind = 1, last_media_at = ?1
       WHERE id = ?2 AND channel_id = ?3 AND ended_at IS NOT NULL AND source = 'flex'
         AND NOT EXISTS (SELECT 1 FROM streams WHERE channel_id = ?3 AND ended_at IS NULL)
       RETURNING id`,
    )
    .bind(now, streamId, channelId)
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
      `UPDATE streams SET ended_at = ?2, kind = 2, viewer_count = 0, view_count = view_count + ?3, duration_ms = ${RECORDING_DURATION}
       WHERE id = ?1 AND ended_at IS NULL`,
    )
    .bind(streamId, now, newViews)
    .run();
}

/** The picture a recording shows (the start of its stretch: its file name in the stream's pictures folder). */
export async function setRecordingPicture(db: D1Database, streamId: number, at: number): Promise<void> {
  await db.prepare('UPDATE streams SET picture_at = ? WHERE id = ?').bind(at, streamId).run();
}

/** The open live's current viewers (its peak follows) plus views counted since the last update. */
export async function updateViewerCounts(db: D1Database, streamId: number, viewers: number, newViews: number): Promise<void> {
  await db
    .prepare('UPDATE streams SET viewer_count = ?1, peak_viewers = MAX(peak_viewers, ?1), view_count = view_count + ?2 WHERE id = ?3 AND ended_at IS NULL')
    .bind(viewers, newViews, streamId)
    .run();
}

/** Served = its PUT completed and the encoder's playlist listed it (binds ?1 stream, ?2 rendition). */
const SERVED = 'stream_id = ?1 AND rendition = ?2 AND stored_at IS NOT NULL AND duration_ms IS NOT NULL';
const SERVED_COLUMNS = 'name, seq, duration_ms AS durationMs, COALESCE(program_date_time, stored_at - duration_ms) AS programDateTime, generation, init_name AS initName';

/** How many runs with served segments came before `generation` (the playlist's discontinuity sequence). */
async function discontinuitiesBefore(db: D1Database, streamId: number, rendition: string, generation: number): Promise<number> {
  if (generation === 0) return 0;
  const before = await db.prepare(`SELECT COUNT(DISTINCT generation) AS n FROM stream_segments WHERE ${SERVED} AND generation < ?3`).bind(streamId, rendition, generation).first<{ n: number }>();
  return before?.n ?? 0;
}

/**
 * Served = its PUT completed and the encoder's playlist listed it. Live: the newest `limit`; ended: all. The
 * discontinuity sequence counts the runs with served segments before the first one's (asked only after a restart).
 */
export async function servedSegments(db: D1Database, streamId: number, limit: number | null, rendition = ''): Promise<ServedWindow> {
  const segments =
    limit === null
      ? (await db.prepare(`SELECT ${SERVED_COLUMNS} FROM stream_segments WHERE ${SERVED} ORDER BY seq`).bind(streamId, rendition).all<ServedSegment>()).results
      : (await db.prepare(`SELECT ${SERVED_COLUMNS} FROM stream_segments WHERE ${SERVED} ORDER BY seq DESC LIMIT ?3`).bind(streamId, rendition, limit).all<ServedSegment>()).results.reverse();
  return { segments, discontinuitySequence: await discontinuitiesBefore(db, streamId, rendition, segments[0]?.generation ?? 0) };
}

/**
 * The newest `limit` served segments as a delta update: only those starting within `recentMs` of the window's end
 * are read and listed, with how many before them are left out. Null when a delta would leave out nothing, or when
 * the newest `tail` segments all fall within `recentMs` (then the whole window is read instead).
 */
export async function servedDelta(db: D1Database, streamId: number, limit: number, rendition: string, recentMs: number, tail = 300): Promise<ServedWindow | null> {
  const [head, newest] = await db.batch([
    // The window's first number, its count and its first run, walking the served index only (no row but one read).
    db
      .prepare(
        `WITH first AS (SELECT COALESCE(
           (SELECT seq FROM stream_segments WHERE ${SERVED} ORDER BY seq DESC LIMIT 1 OFFSET ?3 - 1),
           (SELECT MIN(seq) FROM stream_segments WHERE ${SERVED})) AS seq)
         SELECT first.seq AS firstSeq,
           (SELECT COUNT(*) FROM stream_segments WHERE ${SERVED} AND seq >= first.seq) AS n,
           (SELECT generation FROM stream_segments WHERE ${SERVED} AND seq = first.seq) AS firstGeneration
         FROM first`,
      )
      .bind(streamId, rendition, limit),
    db.prepare(`SELECT ${SERVED_COLUMNS} FROM stream_segments WHERE ${SERVED} ORDER BY seq DESC LIMIT ?3`).bind(streamId, rendition, Math.min(tail, limit)),
  ]);
  const window = head!.results[0] as { n: number; firstSeq: number | null; firstGeneration: number | null } | undefined;
  const rows = (newest!.results as ServedSegment[]).reverse();
  const last = rows.at(-1);
  if (!window || window.firstSeq === null || !last) return null;
  const end = last.programDateTime + last.durationMs;
  const firstRecent = rows.findIndex((s) => end - s.programDateTime <= recentMs);
  if (firstRecent <= 0) return null;
  const segments = rows.slice(firstRecent);
  return {
    segments,
    discontinuitySequence: await discontinuitiesBefore(db, streamId, rendition, window.firstGeneration ?? 0),
    skipped: { count: window.n - segments.length, firstSeq: window.firstSeq, previous: rows[firstRecent - 1]! },
  };
}

/** A file of `rendition` from the encoder's run `generation` arrived whole (a media segment, or a CMAF init segment). */
export function segmentStoredStatement(db: D1Database, streamId: number, rendition: string, name: string, generation: number, bytes: number, now: number) {
  return db
    .prepare(
      `INSERT INTO stream_segments (stream_id, rendition, name, generation, bytes, stored_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (stream_id, rendition, name) DO UPDATE SET generation = excluded.generation, bytes = excluded.bytes, stored_at = excluded.stored_at`,
    )
    .bind(streamId, rendition, name, generation, bytes, now);
}

/** A listing (in served names and numbers) fills seq/duration/init once; later listings of the same segment change nothing. */
export function segmentListedStatement(db: D1Database, streamId: number, rendition: string, generation: number, s: ListedSegment) {
  return db
    .prepare(
      `INSERT INTO stream_segments (stream_id, rendition, name, generation, seq, duration_ms, program_date_time, init_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (stream_id, rendition, name) DO UPDATE SET seq = excluded.seq, duration_ms = excluded.duration_ms, init_name = excluded.init_name,
         program_date_time = COALESCE(excluded.program_date_time, stream_segments.stored_at - excluded.duration_ms)
       WHERE stream_segments.duration_ms IS NULL`,
    )
    .bind(streamId, rendition, s.name, generation, s.seq, s.durationMs, s.programDateTime, s.init);
}

/** Where an open stream's encoder run stands, read back after the object that tracks it was evicted. */
export interface RunState {
  /** The newest run's number (0 when nothing was stored). */
  generation: number;
  /** The files of that run stored so far, as `<rendition>/<the encoder's name>`. */
  stored: string[];
  /** Whether a media segment of that run was listed. */
  runListed: boolean;
}

/** The stream's highest segment number so far, any rendition or run (-1: none). */
export async function highestSeq(db: D1Database, streamId: number): Promise<number> {
  const row = await db.prepare('SELECT COALESCE(MAX(seq), -1) AS seq FROM stream_segments WHERE stream_id = ?').bind(streamId).first<{ seq: number }>();
  return row?.seq ?? -1;
}

export async function runState(db: D1Database, streamId: number): Promise<RunState> {
  const top = await db.prepare('SELECT COALESCE(MAX(generation), 0) AS generation FROM stream_segments WHERE stream_id = ?').bind(streamId).first<{ generation: number }>();
  const generation = top?.generation ?? 0;
  const rows = await db
    .prepare('SELECT rendition, name, seq, stored_at AS storedAt FROM stream_segments WHERE stream_id = ? AND generation = ?')
    .bind(streamId, generation)
    .all<{ rendition: string; name: string; seq: number | null; storedAt: number | null }>();
  const prefix = generation === 0 ? '' : `${generation}.`;
  return {
    generation,
    stored: rows.results.filter((r) => r.storedAt !== null).map((r) => `${r.rendition}/${r.name.slice(prefix.length)}`),
    runListed: rows.results.some((r) => r.seq !== null),
  };
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
    db.prepare('DELETE FROM stream_renditions WHERE stream_id = ?').bind(streamId),
    db.prepare('DELETE FROM streams WHERE id = ?').bind(streamId),
  ];
}

/** The stream's renditions become `renditions` (the encoder may send its master playlist again). */
export function replaceRenditionsStatements(db: D1Database, streamId: number, renditions: Rendition[]): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM stream_renditions WHERE stream_id = ?').bind(streamId),
    ...renditions.map((r, position) =>
      db
        .prepare('INSERT INTO stream_renditions (stream_id, name, position, bandwidth, average_bandwidth, width, height, codecs, frame_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .bind(streamId, r.name, position, r.bandwidth, r.averageBandwidth, r.width, r.height, r.codecs, r.frameRate),
    ),
  ];
}

/** The stream's renditions in the encoder's order; none for a stream of one rendition. */
export async function streamRenditions(db: D1Database, streamId: number): Promise<Rendition[]> {
  const rows = await db
    .prepare('SELECT name, bandwidth, average_bandwidth AS averageBandwidth, width, height, codecs, frame_rate AS frameRate FROM stream_renditions WHERE stream_id = ? ORDER BY position')
    .bind(streamId)
    .all<Rendition>();
  return rows.results;
}

/** Segments other renditions of the stream list under the same numbers, to check that renditions line up. */
export async function listedElsewhere(db: D1Database, streamId: number, rendition: string, fromSeq: number, toSeq: number) {
  const rows = await db
    .prepare(
      'SELECT rendition, seq, duration_ms AS durationMs, program_date_time AS programDateTime FROM stream_segments WHERE stream_id = ? AND rendition != ? AND seq BETWEEN ? AND ? AND duration_ms IS NOT NULL',
    )
    .bind(streamId, rendition, fromSeq, toSeq)
    .all<{ rendition: string; seq: number; durationMs: number; programDateTime: number | null }>();
  return rows.results;
}
