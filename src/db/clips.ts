import type { PageRequest } from '../shared/paging';
import type { ServedSegment } from './live';
import { pagedList } from './paging';
import { likeContaining } from '../shared/search-words';

/** What a clip is made with. */
interface ClipFields {
  id: string;
  channelId: number;
  streamId: number;
  memberId: number;
  title: string;
  /** Program date-time of its first segment. */
  startedAt: number;
  durationMs: number;
  /** The stream's flags when it was cut (0 or 1). */
  adult: number;
  adultPlus: number;
  /** The stream's renditions (JSON), none when it came in one. */
  renditions: string;
}

/** A clip as the rules and the pages read it, with its channel's creator and its maker. */
export interface ClipRow extends ClipFields {
  viewCount: number;
  /** 1: its picture is in R2. */
  hasPicture: number;
  createdAt: number;
  ownerId: number;
  ownerLoginId: string;
  ownerNickname: string;
  makerLoginId: string;
  makerNickname: string;
}

const CLIP_COLUMNS = `c.id, c.channel_id AS channelId, c.stream_id AS streamId, c.member_id AS memberId, c.title, c.started_at AS startedAt,
  c.duration_ms AS durationMs, c.adult, c.adult_plus AS adultPlus, c.renditions, c.view_count AS viewCount, c.created_at AS createdAt, c.has_picture AS hasPicture,
  ch.owner_id AS ownerId, o.login_id AS ownerLoginId, o.nickname AS ownerNickname, m.login_id AS makerLoginId, m.nickname AS makerNickname`;
const CLIP_FROM = 'clips c JOIN channels ch ON ch.id = c.channel_id JOIN members o ON o.id = ch.owner_id JOIN members m ON m.id = c.member_id';

export function findClip(db: D1Database, clipId: string): Promise<ClipRow | null> {
  return db.prepare(`SELECT ${CLIP_COLUMNS} FROM ${CLIP_FROM} WHERE c.id = ?`).bind(clipId).first<ClipRow>();
}

export async function findClipByRequest(db: D1Database, memberId: number, requestKey: string): Promise<string | null> {
  const row = await db.prepare('SELECT id FROM clips WHERE member_id = ? AND request_key = ?').bind(memberId, requestKey).first<{ id: string }>();
  return row?.id ?? null;
}

/** A page of a channel's clips, newest first, and how many it has. */
export function channelClips(db: D1Database, channelId: number, page: PageRequest): Promise<{ rows: ClipRow[]; total: number }> {
  return pagedList<ClipRow>(db, { columns: CLIP_COLUMNS, from: CLIP_FROM, where: 'c.channel_id = ?1', orderBy: 'c.created_at DESC, c.id', params: [channelId] }, page);
}

/**
 * A page of every channel's clips, newest first (staff's list): all of them, or those whose title or channel
 * creator's nickname holds `q`, or whose id or creator's login ID is `q`.
 */
export function allClips(db: D1Database, q: string | undefined, page: PageRequest): Promise<{ rows: ClipRow[]; total: number }> {
  const where = q ? "(c.title LIKE ?1 ESCAPE '\\' OR o.nickname LIKE ?1 ESCAPE '\\' OR o.login_id = ?2 OR c.id = ?2)" : undefined;
  const params = q ? [likeContaining(q), q] : [];
  return pagedList<ClipRow>(db, { columns: CLIP_COLUMNS, from: CLIP_FROM, where, orderBy: 'c.created_at DESC, c.id', params }, page);
}

/** The most viewed clips made since `since`, for everyone (none of adult streams). */
export async function topClips(db: D1Database, since: number, limit: number): Promise<ClipRow[]> {
  const rows = await db
    .prepare(`SELECT ${CLIP_COLUMNS} FROM ${CLIP_FROM} WHERE c.created_at >= ? AND c.adult = 0 AND c.adult_plus = 0 ORDER BY c.view_count DESC, c.created_at DESC LIMIT ?`)
    .bind(since, limit)
    .all<ClipRow>();
  return rows.results;
}

/** Served segments (listed, stored, with a duration) by their program date-time (a row may lack its own). */
const SERVED = 'stream_id = ?1 AND rendition = ?2 AND seq IS NOT NULL AND stored_at IS NOT NULL AND duration_ms IS NOT NULL';
const PDT = 'COALESCE(program_date_time, stored_at - duration_ms)';

/** Where the stream's newest served segment (of one rendition) ends, by program date-time; null: none yet. */
export async function newestSegmentEnd(db: D1Database, streamId: number, rendition: string): Promise<number | null> {
  const row = await db.prepare(`SELECT ${PDT} + duration_ms AS endsAt FROM stream_segments WHERE ${SERVED} ORDER BY seq DESC LIMIT 1`).bind(streamId, rendition).first<{ endsAt: number }>();
  return row?.endsAt ?? null;
}

/** No segment is longer than this: one that overlaps a moment started at most this long before it. */
const LONGEST_SEGMENT_MS = 30_000;

/**
 * The stream's segments (of one rendition) that overlap [from, until): their numbers, length and first time. Read
 * through the index by program date-time (stream_segments_by_time): only the rows near the range, however long
 * the recording.
 */
export async function segmentRange(
  db: D1Database,
  streamId: number,
  rendition: string,
  from: number,
  until: number,
): Promise<{ firstSeq: number; lastSeq: number; durationMs: number; startedAt: number } | null> {
  const row = await db
    .prepare(
      `SELECT MIN(seq) AS firstSeq, MAX(seq) AS lastSeq, SUM(duration_ms) AS durationMs, MIN(${PDT}) AS startedAt FROM stream_segments
       WHERE stream_id = ?1 AND rendition = ?2 AND stored_at IS NOT NULL AND duration_ms IS NOT NULL
         AND ${PDT} < ?4 AND ${PDT} > ?3 - ?5 AND ${PDT} + duration_ms > ?3 AND seq IS NOT NULL`,
    )
    .bind(streamId, rendition, from, until, LONGEST_SEGMENT_MS)
    .first<{ firstSeq: number | null; lastSeq: number; durationMs: number; startedAt: number }>();
  return row && row.firstSeq !== null ? { ...row, firstSeq: row.firstSeq } : null;
}

export interface NewClip extends ClipFields {
  requestKey: string;
  now: number;
}

/**
 * One transaction: the clip, unless its maker made `perHour` clips in the hour before (or already made this request:
 * then nothing), and its segments of each of `renditions`, numbers firstSeq to lastSeq. Whether the clip was written.
 */
export async function insertClip(db: D1Database, clip: NewClip, { firstSeq, lastSeq, renditions }: { firstSeq: number; lastSeq: number; renditions: string[] }, perHour: number): Promise<boolean> {
  // One rendition after another through the served index (stream, rendition, seq): SQLite, left to choose, took the
  // primary key (stream, rendition, name) and read every row of the rendition.
  const inRenditions = renditions.map((_, i) => `?${i + 5}`).join(', ');
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO clips (id, channel_id, stream_id, member_id, title, started_at, duration_ms, adult, adult_plus, renditions, request_key, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
         WHERE (SELECT COUNT(*) FROM clips WHERE member_id = ?4 AND created_at > ?12 - 3600000) < ?13`,
      )
      .bind(clip.id, clip.channelId, clip.streamId, clip.memberId, clip.title, clip.startedAt, clip.durationMs, clip.adult, clip.adultPlus, clip.renditions, clip.requestKey, clip.now, perHour),
    db
      .prepare(
        `INSERT INTO clip_segments (clip_id, rendition, seq, name, init_name, generation, duration_ms, program_date_time, stream_id)
         SELECT ?1, rendition, seq, name, init_name, generation, duration_ms, ${PDT}, stream_id FROM stream_segments INDEXED BY stream_segments_served
         WHERE stream_id = ?2 AND rendition IN (${inRenditions}) AND seq BETWEEN ?3 AND ?4 AND stored_at IS NOT NULL AND duration_ms IS NOT NULL
           AND EXISTS (SELECT 1 FROM clips WHERE id = ?1)`,
      )
      .bind(clip.id, clip.streamId, firstSeq, lastSeq, ...renditions),
  ]);
  return inserted!.meta.changes > 0;
}

/** The clip's picture is in R2. */
export async function setClipPicture(db: D1Database, clipId: string): Promise<void> {
  await db.prepare('UPDATE clips SET has_picture = 1 WHERE id = ?').bind(clipId).run();
}

/** A clip's segments of one rendition, as a finished playlist lists them. */
export async function clipSegments(db: D1Database, clipId: string, rendition: string): Promise<ServedSegment[]> {
  const rows = await db
    .prepare(
      `SELECT name, seq, duration_ms AS durationMs, program_date_time AS programDateTime, generation, init_name AS initName
       FROM clip_segments WHERE clip_id = ? AND rendition = ? ORDER BY seq`,
    )
    .bind(clipId, rendition)
    .all<ServedSegment>();
  return rows.results;
}

/** Whether `name` is one of the clip's files in `rendition` (a media segment or the init segment one needs). */
export async function clipHasFile(db: D1Database, clipId: string, rendition: string, name: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS yes FROM clip_segments WHERE clip_id = ?1 AND rendition = ?2 AND (name = ?3 OR init_name = ?3) LIMIT 1')
    .bind(clipId, rendition, name)
    .first<{ yes: number }>();
  return row !== null;
}

/** Count a view unless this viewer was counted for the clip today: whether it counted and the clip's views; null: no such clip. */
export async function countClipView(db: D1Database, clipId: string, viewer: string, day: number): Promise<{ counted: boolean; viewCount: number } | null> {
  const seen = await db.prepare('INSERT OR IGNORE INTO clip_views (clip_id, viewer, day) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM clips WHERE id = ?1)').bind(clipId, viewer, day).run();
  const counted = seen.meta.changes > 0;
  const row = await db
    .prepare(counted ? 'UPDATE clips SET view_count = view_count + 1 WHERE id = ? RETURNING view_count AS viewCount' : 'SELECT view_count AS viewCount FROM clips WHERE id = ?')
    .bind(clipId)
    .first<{ viewCount: number }>();
  return row ? { counted, viewCount: row.viewCount } : null;
}

/**
 * Delete a clip (its segments and views go with it; `also` in the same transaction) and answer the files it listed that nothing refers to any more:
 * those of a recording already deleted that no other clip lists. (A stream that still exists keeps its own files.)
 */
export async function deleteClip(db: D1Database, clip: Pick<ClipRow, 'id' | 'streamId'>, also: D1PreparedStatement[] = []): Promise<{ rendition: string; name: string }[]> {
  const [orphans] = await db.batch([
    db
      .prepare(
        `SELECT rendition, name FROM (
           SELECT rendition, name FROM clip_segments WHERE clip_id = ?1
           UNION SELECT rendition, init_name AS name FROM clip_segments WHERE clip_id = ?1 AND init_name IS NOT NULL) f
         WHERE NOT EXISTS (SELECT 1 FROM streams WHERE id = ?2)
           AND NOT EXISTS (SELECT 1 FROM clip_segments o WHERE o.stream_id = ?2 AND o.clip_id <> ?1 AND o.rendition = f.rendition AND (o.name = f.name OR o.init_name = f.name))`,
      )
      .bind(clip.id, clip.streamId),
    db.prepare('DELETE FROM clips WHERE id = ?').bind(clip.id),
    ...also,
  ]);
  return orphans!.results as { rendition: string; name: string }[];
}

/** The files of a stream that clips still list (media segments and their init segments), as keys in its R2 folder. */
export async function clippedFiles(db: D1Database, streamId: number): Promise<Set<string>> {
  const rows = await db
    .prepare('SELECT rendition, name FROM clip_segments WHERE stream_id = ?1 UNION SELECT rendition, init_name FROM clip_segments WHERE stream_id = ?1 AND init_name IS NOT NULL')
    .bind(streamId)
    .all<{ rendition: string; name: string }>();
  return new Set(rows.results.map((r) => (r.rendition ? `${r.rendition}/${r.name}` : r.name)));
}

/** What serving a clip's files needs: where they are and who may fetch them. */
export type ClipMedia = Pick<ClipFields, 'channelId' | 'streamId' | 'adult' | 'adultPlus' | 'renditions'>;

export function findClipMedia(db: D1Database, clipId: string): Promise<ClipMedia | null> {
  return db.prepare('SELECT channel_id AS channelId, stream_id AS streamId, adult, adult_plus AS adultPlus, renditions FROM clips WHERE id = ?').bind(clipId).first<ClipMedia>();
}
