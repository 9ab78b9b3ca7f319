// Clips: a member cuts up to a minute of a live or a recording of ours, at segment boundaries (no transcoding), and
// everyone who may watch the stream's kind of content may watch the clip. The rules: docs/product/clips.md.

import { CLIPS_PER_HOUR } from '../../shared/clip-limits';
import type { ClipCard, ClipCreateRequest, ClipDetail, ClipList } from '../../shared/clip-schemas';
import type { PageRequest } from '../../shared/paging';
import { LIVE_PATHS, playerTypeFor, type ChannelSettings, type Playback } from '../../shared/streams-api';
import { Refusal } from '../../lib/errors';
import { signPlayback } from '../../lib/playback-token';
import { allClips, channelClips, countClipView, deleteClip, findClip, findClipByRequest, insertClip, newestSegmentEnd, segmentRange, setClipPicture, topClips, type ClipRow } from '../../db/clips';
import { streamRenditions } from '../../db/live';
import { auditStatement } from '../../db/staff-audit';
import { findStream } from '../../db/streams';
import { pictureFrom, r2Keys } from '../../live';
import { accessFor, type AccessSubject, type RuleAccess, type Viewer } from './streams';

/** The home page's clips: the most viewed of the last seven days. */
const TOP_WINDOW_MS = 7 * 24 * 3600_000;
const TOP_COUNT = 12;
const ID_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ten random letters and digits (62^10: a guessed id finds nothing). */
function newClipId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ID_LETTERS[b % ID_LETTERS.length]).join('');
}

/** What cutting a clip touches: the database and the media bucket. */
type Media = Pick<Env, 'DB' | 'MEDIA'>;

const notFoundClip = () => new Refusal(404, 'CLIP_NOT_FOUND', 'clip.errors.notFound');

/** Who may watch what a clip shows: as a recording of its stream, adult flags and all (never a password). */
const clipSubject = (row: ClipRow): AccessSubject => ({ ownerId: row.ownerId, kind: 2, endedAt: row.createdAt, adult: row.adult, adultPlus: row.adultPlus, hasPassword: 0 });

/** A viewer who may not watch the stream may not cut it either: the refusal they get. */
function refusalFor(access: Exclude<RuleAccess, 'ok'>): Refusal {
  if (access === 'password') return new Refusal(403, 'CLIP_PASSWORD', 'clip.errors.password');
  if (access === 'identity') return new Refusal(403, 'IDENTITY_REQUIRED', 'errors.adultIdentityRequired');
  if (access === 'adult') return new Refusal(403, 'ADULT_ONLY', 'errors.adultOnly');
  return new Refusal(403, 'UNAVAILABLE', 'errors.adultUnavailable');
}

/**
 * Cut a clip: the segments (of every rendition) that overlap the `seconds` before `endAt` (so it may run up to a
 * segment longer than asked). One transaction writes the clip and its segment list, unless its maker made
 * CLIPS_PER_HOUR in the last hour; the same request key answers the clip it made before.
 */
export async function createClip(env: Media, memberId: number, viewer: Viewer | null, settings: ChannelSettings, request: ClipCreateRequest, now = Date.now()): Promise<{ clipId: string }> {
  const db = env.DB;
  const made = await findClipByRequest(db, memberId, request.requestKey);
  if (made) return { clipId: made };
  const stream = await findStream(db, request.streamId);
  if (!stream) throw new Refusal(404, 'STREAM_NOT_FOUND', 'errors.streamNotFound');
  if (stream.source !== 'flex' || stream.kind === 3) throw new Refusal(400, 'CLIP_UNAVAILABLE', 'clip.errors.unavailable');
  const access = accessFor(stream, viewer, settings);
  if (access !== 'ok') throw refusalFor(access);

  const renditions = await streamRenditions(db, stream.id);
  const primary = renditions[0]?.name ?? '';
  // The newest moment there is: a live's last stored second, a recording's end. Nothing later can be cut.
  const newest = await newestSegmentEnd(db, stream.id, primary);
  if (newest === null) throw new Refusal(409, 'CLIP_EMPTY', 'clip.errors.empty');
  const until = Math.min(request.endAt ?? newest, newest);
  const range = await segmentRange(db, stream.id, primary, until - request.seconds * 1000, until);
  if (!range) throw new Refusal(409, 'CLIP_EMPTY', 'clip.errors.empty');

  const clipId = newClipId();
  const written = await insertClip(
    db,
    {
      id: clipId,
      channelId: stream.channelId,
      streamId: stream.id,
      memberId,
      title: request.title,
      startedAt: range.startedAt,
      durationMs: range.durationMs,
      adult: stream.adult,
      adultPlus: stream.adultPlus,
      renditions: JSON.stringify(renditions),
      requestKey: request.requestKey,
      now,
    },
    { ...range, renditions: renditions.length > 0 ? renditions.map((r) => r.name) : [''] },
    CLIPS_PER_HOUR,
  );
  if (written) {
    await keepPicture(env, clipId, stream.channelId, stream.id, range.startedAt + range.durationMs / 2, range.startedAt + range.durationMs);
    return { clipId };
  }
  // Not written: the same request finished first (a second click), or the hour's clips are used up.
  const raced = await findClipByRequest(db, memberId, request.requestKey);
  if (raced) return { clipId: raced };
  throw new Refusal(429, 'CLIP_RATE', 'clip.errors.rate');
}

/**
 * The clip's picture: a copy of its stream's first picture from `middle` on, unless none was taken before `end` (a
 * stretch later: a picture is named by the start of its stretch). A clip without one still plays, so a failure
 * here is logged, not answered.
 */
async function keepPicture(env: Media, clipId: string, channelId: number, streamId: number, middle: number, end: number): Promise<void> {
  try {
    const first = await pictureFrom(env.MEDIA, channelId, streamId, middle);
    if (!first || first.at > end) return;
    const picture = await env.MEDIA.get(first.key);
    if (!picture) return;
    await env.MEDIA.put(r2Keys.clipPicture(clipId), picture.body, { httpMetadata: { contentType: 'image/jpeg' } });
    await setClipPicture(env.DB, clipId);
  } catch (err) {
    console.warn('clip picture not kept', clipId, err);
  }
}

function toCard(row: ClipRow): ClipCard {
  return {
    clipId: row.id,
    title: row.title,
    channelId: row.channelId,
    creator: { loginId: row.ownerLoginId, nickname: row.ownerNickname },
    maker: { loginId: row.makerLoginId, nickname: row.makerNickname },
    durationMs: row.durationMs,
    viewCount: row.viewCount,
    createdAt: row.createdAt,
    adult: row.adult === 1 || row.adultPlus === 1,
    pictureUrl: row.hasPicture === 1 ? LIVE_PATHS.clipPicture(row.id) : null,
  };
}

/** Where a clip plays and its picture: its own, signed like its stream's files when only some may watch it. */
async function clipPlayback(row: ClipRow, secret: string): Promise<{ playback: Playback; pictureUrl: string | null }> {
  const path = LIVE_PATHS.clipPlaylist(row.id);
  const gated = row.adult === 1 || row.adultPlus === 1;
  const signed = gated ? await signPlayback(secret, row.streamId) : null;
  const query = signed ? `?token=${encodeURIComponent(signed.token)}` : '';
  return {
    playback: { playerType: playerTypeFor('flex', path), source: 'flex', url: path + query, expiresAt: signed?.expiresAt ?? null },
    pictureUrl: row.hasPicture === 1 ? LIVE_PATHS.clipPicture(row.id) + query : null,
  };
}

export async function clipDetail(db: D1Database, clipId: string, viewer: Viewer | null, settings: ChannelSettings, secret: string): Promise<ClipDetail> {
  const row = await findClip(db, clipId);
  if (!row) throw notFoundClip();
  const access = accessFor(clipSubject(row), viewer, settings);
  const memberId = viewer?.memberId ?? null;
  const watchable = access === 'ok' ? await clipPlayback(row, secret) : null;
  return {
    ...toCard(row),
    // Signed like its playlist; none to who may not watch it.
    pictureUrl: watchable?.pictureUrl ?? null,
    streamId: row.streamId,
    startedAt: row.startedAt,
    access,
    playback: watchable?.playback ?? null,
    canDelete: memberId !== null && (memberId === row.memberId || memberId === row.ownerId),
  };
}

/**
 * Its maker or the channel's creator deletes a clip. Files of a recording that is gone, which no other clip lists,
 * go from R2 with it; a recording still kept keeps its files.
 */
export async function removeClip(env: Media, clipId: string, memberId: number): Promise<void> {
  const row = await findClip(env.DB, clipId);
  if (!row) throw notFoundClip();
  if (memberId !== row.memberId && memberId !== row.ownerId) throw new Refusal(403, 'CLIP_FORBIDDEN', 'clip.errors.forbidden');
  await dropClip(env, row);
}

/** Staff delete any clip, with a reason: the deletion and its audit row commit together. */
export async function removeClipAsStaff(env: Media, clipId: string, staffId: number, reason: string): Promise<{ clipId: string }> {
  const row = await findClip(env.DB, clipId);
  if (!row) throw notFoundClip();
  const before = { title: row.title, channelId: row.channelId, streamId: row.streamId, makerLoginId: row.makerLoginId, viewCount: row.viewCount };
  await dropClip(env, row, [auditStatement(env.DB, { actorId: staffId, action: 'clip.delete', targetType: 'clip', targetId: row.id, before, after: { reason } })]);
  return { clipId };
}

/** Delete the clip (with `also` in its transaction), then its picture and the files only it kept. */
async function dropClip(env: Media, row: ClipRow, also: D1PreparedStatement[] = []): Promise<void> {
  const orphans = await deleteClip(env.DB, row, also);
  await env.MEDIA.delete([r2Keys.clipPicture(row.id), ...orphans.map((file) => r2Keys.segment(row.channelId, row.streamId, file.name, file.rendition))]);
}

/** Staff's list: every channel's clips, newest first, or those `q` finds. */
export async function staffClipList(db: D1Database, q: string | undefined, page: PageRequest): Promise<ClipList> {
  const { rows, total } = await allClips(db, q, page);
  return { items: rows.map(toCard), total, ...page };
}

export async function channelClipList(db: D1Database, channelId: number, page: PageRequest): Promise<ClipList> {
  const { rows, total } = await channelClips(db, channelId, page);
  return { items: rows.map(toCard), total, ...page };
}

export async function topClipsOfWeek(db: D1Database, now = Date.now()): Promise<{ items: ClipCard[] }> {
  return { items: (await topClips(db, now - TOP_WINDOW_MS, TOP_COUNT)).map(toCard) };
}

/** A play of the clip: counted once a day per viewer (the member, else the device). */
export async function viewClip(db: D1Database, clipId: string, viewer: string, now = Date.now()): Promise<{ counted: boolean; viewCount: number }> {
  const view = await countClipView(db, clipId, viewer, Math.floor(now / 86_400_000));
  if (!view) throw notFoundClip();
  return view;
}
