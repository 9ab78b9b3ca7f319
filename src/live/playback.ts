import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { TtlCache } from '../lib/ttl-cache';
import { BLOCKING_RELOAD_MS } from './channel-do';
import { servedDelta, servedSegments, streamRenditions } from '../db/live';
import { findOpenStream, findStream, thumbnailGate, type StreamRow } from '../db/streams';
import { renderMasterPlaylist, renderPlaylist, type PlaylistFile, type Rendition, type ServedWindow } from './hls';
import { idSchema, r2Keys, renditionSchema, segmentContentType, segmentNameSchema } from './paths';
import { playbackTokenValid } from '../lib/playback-token';
import { needsPlaybackToken } from '../shared/stream-access';
import { reportViewer } from './viewers';
import { anyOrigin, storedFile } from './stored-file';

// GET /live/:channelId/index.m3u8, /live/:channelId/:streamId/index.m3u8 (each also as dvr.m3u8: a live to rewind in,
// the whole stream so far), /live/:channelId/:streamId/:segment,
// /live/:channelId/thumb.jpg — our own HLS out of R2, with cache headers for live and for VOD. A stream in several
// renditions answers its two index.m3u8 with a master playlist, and serves each rendition at
// /live/:channelId/:streamId/:rendition/index.m3u8 and /live/:channelId/:streamId/:rendition/:segment.

/** Segments of a live playlist: the newest few; a player joining sits about this many seconds back at most. */
export const LIVE_WINDOW = 6;
/**
 * A live's rewind playlist (`dvr.m3u8`): the whole stream so far, up to two hours of the half-second segments our
 * encoders send (four of one-second ones), served from the segments already in R2. A player reloading it asks for a
 * delta update: only what starts within DVR_SKIP_UNTIL_MS of its end.
 */
export const DVR_WINDOW = 14_400;
export const DVR_SKIP_UNTIL_MS = 60_000;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const CACHE = {
  // A shared cache may keep a live playlist for a second (an edge absorbing a crowd); a browser must ask
  // again every time: a reload served from its own cache lists no new segment, and a player reloading
  // once a second would see new segments only every other reload (native HLS cannot be told otherwise).
  live: 'public, max-age=0, s-maxage=1',
  vod: 'public, max-age=86400',
  segment: 'public, max-age=31536000, immutable',
  thumbnail: 'public, max-age=10',
  // A recording's picture: another choice is another URL (?v=).
  picture: 'public, max-age=86400',
} as const;

// Stream rows change rarely (start, end); playlist fetches arrive every second per viewer. Two seconds
// of staleness only delays ENDLIST by as much. The live window is re-read at most twice a second.
const streams = new TtlCache<number, StreamRow | null>(2_000);
const openStreams = new TtlCache<number, StreamRow | null>(2_000);
const liveWindows = new TtlCache<string, ServedWindow>(500);
const dvrWindows = new TtlCache<string, ServedWindow>(500);
const dvrDeltas = new TtlCache<string, ServedWindow | null>(500);
const renditionLists = new TtlCache<number, Rendition[]>(2_000);
const thumbnailGates = new TtlCache<number, Awaited<ReturnType<typeof thumbnailGate>>>(2_000);

const tokenQuery = z.object({ token: z.string().max(200).optional() });
/** LL-HLS delivery directives: `_HLS_msn` asks for a playlist that lists that media sequence number. */
const playlistQuery = tokenQuery
  .extend({
    _HLS_msn: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    /** A part of segment `_HLS_msn`: each segment is its own one part (hls.ts), so a later part is the next segment's (blockUntilListed). */
    _HLS_part: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    /** A delta update of a rewind playlist (v2 also skips date ranges, of which we write none). */
    _HLS_skip: z.enum(['YES', 'v2']).optional(),
  })
  .refine((q) => q._HLS_part === undefined || q._HLS_msn !== undefined, { path: ['_HLS_part'], message: 'needs _HLS_msn' });
type PlaylistQuery = z.infer<typeof playlistQuery>;
const channelParam = z.object({ channelId: idSchema });
const streamParam = z.object({ channelId: idSchema, streamId: idSchema });
const segmentParam = z.object({ channelId: idSchema, streamId: idSchema, segment: segmentNameSchema });
const renditionParam = z.object({ channelId: idSchema, streamId: idSchema, rendition: renditionSchema });
const renditionSegmentParam = renditionParam.extend({ segment: segmentNameSchema });

/** Our own stream of this channel, or null (another channel's id, a third-party source). */
async function ownStream(c: Context<AppEnv>, channelId: number, streamId: number): Promise<StreamRow | null> {
  const stream = await streams.get(streamId, () => findStream(c.env.DB, streamId));
  return stream && stream.channelId === channelId && stream.source === 'flex' ? stream : null;
}

/** Restricted streams play only with a token signed for them; the answer says which headers apply. */
async function allowed(c: Context<AppEnv>, stream: StreamRow, token: string | undefined): Promise<boolean> {
  if (!needsPlaybackToken(stream)) return true;
  // A signed URL is one viewer's; keep it out of shared caches and other origins.
  c.header('access-control-allow-origin', undefined);
  return playbackTokenValid(c.env.JWT_SECRET, stream.id, token);
}

function privateIfRestricted(stream: StreamRow, cacheControl: string): string {
  return needsPlaybackToken(stream) ? cacheControl.replace('public', 'private') : cacheControl;
}

const liveWindow = (c: Context<AppEnv>, streamId: number, rendition: string, fresh = false) =>
  liveWindows.get(`${streamId}/${rendition}`, () => servedSegments(c.env.DB, streamId, LIVE_WINDOW, rendition), { fresh });

const dvrWindow = (c: Context<AppEnv>, streamId: number, rendition: string, fresh = false) =>
  dvrWindows.get(`${streamId}/${rendition}`, () => servedSegments(c.env.DB, streamId, DVR_WINDOW, rendition), { fresh });

/**
 * The rewind playlist as a delta update (`_HLS_skip`): what starts within DVR_SKIP_UNTIL_MS of its end, and how many
 * before that the player already has; only those newest rows are read. The whole window when nothing can be left out.
 */
const dvrDelta = async (c: Context<AppEnv>, streamId: number, rendition: string, fresh = false) =>
  (await dvrDeltas.get(`${streamId}/${rendition}`, () => servedDelta(c.env.DB, streamId, DVR_WINDOW, rendition, DVR_SKIP_UNTIL_MS), { fresh })) ?? dvrWindow(c, streamId, rendition, fresh);

/** The stream's renditions (none: it comes in one, and its index.m3u8 is its media playlist). */
const renditionsOf = (c: Context<AppEnv>, streamId: number) => renditionLists.get(streamId, () => streamRenditions(c.env.DB, streamId));

/**
 * A blocking reload: a live playlist that lists what was asked, once the channel's object says the segment it needs is
 * served (or the stream ended, or three target durations passed: then what there is). Each live segment is its own
 * one part and the newest is listed as that part alone (hls.ts): part 0 of segment N needs N, a later part the next
 * segment, and segment N whole (no part asked) needs N + 1, since only then is N listed with its duration. More than
 * two segments beyond the newest whole one is a 400, as LL-HLS says; what is already listed answers at once.
 */
async function blockUntilListed(c: Context<AppEnv>, stream: StreamRow, rendition: string, msn: number, part: number | undefined): Promise<{ stream: StreamRow; served: ServedWindow } | 'too_far'> {
  const served = await liveWindow(c, stream.id, rendition);
  const newest = served.segments.at(-1)?.seq ?? -1;
  // The segment that must be served; a lone first segment is listed whole already (no parts before there are two).
  const onlyOne = served.segments.length === 1 && msn === newest;
  const needed = part === 0 || (part === undefined && onlyOne) ? msn : msn + 1;
  if (needed <= newest) return { stream, served };
  if (needed > newest + 2) return 'too_far';
  const room = c.env.LIVE_CHANNEL.get(c.env.LIVE_CHANNEL.idFromName(String(stream.channelId)));
  const outcome = await room.segmentServed(stream.id, needed, BLOCKING_RELOAD_MS, rendition);
  if (outcome === 'ended') {
    const now = await streams.get(stream.id, () => findStream(c.env.DB, stream.id), { fresh: true });
    if (now?.endedAt != null) return { stream: now, served: await servedSegments(c.env.DB, stream.id, null, rendition) };
  }
  return { stream, served: outcome === 'timeout' ? served : await liveWindow(c, stream.id, rendition, true) };
}

/**
 * A stream's playlist at `prefix` (its folder as the URL asked for it seen from there): the master playlist when
 * it comes in several renditions (asked with a rendition: that one's media playlist), else its media playlist.
 */
async function playlist(c: Context<AppEnv>, found: StreamRow, query: PlaylistQuery, prefix: string, rendition: string | null = null, file: PlaylistFile = 'index.m3u8'): Promise<Response> {
  const { token, _HLS_msn: msn, _HLS_part: part } = query;
  if (!(await allowed(c, found, token))) throw new Refusal(403, 'PLAYBACK_TOKEN', 'live.token');
  const renditions = await renditionsOf(c, found.id);
  if (rendition === null && renditions.length > 0) {
    c.header('content-type', PLAYLIST_TYPE);
    // The renditions are fixed once the live runs: a master playlist may be kept as long as a recording's.
    c.header('cache-control', privateIfRestricted(found, found.endedAt === null ? CACHE.live : CACHE.vod));
    return c.body(renderMasterPlaylist(renditions, { prefix, token: needsPlaybackToken(found) ? token : null, playlist: file }));
  }
  if (rendition !== null && !renditions.some((r) => r.name === rendition)) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  const folder = rendition ?? '';
  let stream = found;
  let served: ServedWindow;
  if (stream.endedAt !== null) served = await servedSegments(c.env.DB, stream.id, null, folder);
  else if (msn === undefined) served = file === 'index.m3u8' ? await liveWindow(c, stream.id, folder) : await dvr(c, stream.id, folder, query);
  else {
    const listed = await blockUntilListed(c, stream, folder, msn, part);
    if (listed === 'too_far') throw new Refusal(400, 'HLS_MSN_TOO_FAR', 'live.msnTooFar');
    ({ stream, served } = listed);
    // Once the asked-for segment is served, the rewind playlist is read with it (fresh: the window just moved).
    if (file === 'dvr.m3u8' && stream.endedAt === null) served = await dvr(c, stream.id, folder, query, true);
  }
  const ended = stream.endedAt !== null;
  if (!ended) reportViewer(c, stream.channelId, stream.id);
  c.header('content-type', PLAYLIST_TYPE);
  c.header('cache-control', privateIfRestricted(stream, ended ? CACHE.vod : CACHE.live));
  const skipUntilMs = file === 'dvr.m3u8' && !ended ? DVR_SKIP_UNTIL_MS : undefined;
  return c.body(renderPlaylist(served, { ended, prefix, token: needsPlaybackToken(stream) ? token : null, skipUntilMs }));
}

/** A live's rewind playlist: a delta update when the player asked for one (`_HLS_skip`), else the whole window. */
const dvr = (c: Context<AppEnv>, streamId: number, rendition: string, query: PlaylistQuery, fresh = false) =>
  query._HLS_skip ? dvrDelta(c, streamId, rendition, fresh) : dvrWindow(c, streamId, rendition, fresh);

/** A stream's playlists: the live window (`index.m3u8`) and, while live, the whole stream so far to rewind in (`dvr.m3u8`). */

export const playback = new Hono<AppEnv>()
  .use(anyOrigin)
  .get('/:channelId/:file{(?:index|dvr)\\.m3u8}', validate('param', channelParam), validate('query', playlistQuery), async (c) => {
    const { channelId } = c.req.valid('param');
    const stream = await openStreams.get(channelId, () => findOpenStream(c.env.DB, channelId));
    if (stream?.source !== 'flex') throw new Refusal(404, 'OFFLINE', 'live.offline');
    return playlist(c, stream, c.req.valid('query'), `${stream.id}/`, null, playlistFile(c.req.param('file')));
  })
  .get('/:channelId/thumb.jpg', validate('param', channelParam), validate('query', tokenQuery), async (c) => {
    const { channelId } = c.req.valid('param');
    // A gated channel's picture (adult-only or password, THUMBNAIL_GATED) follows its playlist's rule: only with
    // a token signed for the stream it comes from, and never from a shared cache.
    const gate = await thumbnailGates.get(channelId, () => thumbnailGate(c.env.DB, channelId));
    if (!gate) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
    const gated = gate.gated === 1;
    if (gated) {
      c.header('access-control-allow-origin', undefined);
      if (gate.streamId === null || !(await playbackTokenValid(c.env.JWT_SECRET, gate.streamId, c.req.valid('query').token))) throw new Refusal(403, 'PLAYBACK_TOKEN', 'live.token');
    }
    const key = r2Keys.thumbnail(channelId);
    const object = c.req.method === 'HEAD' ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key);
    if (!object) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
    c.header('content-type', 'image/jpeg');
    c.header('cache-control', gated ? CACHE.thumbnail.replace('public', 'private') : CACHE.thumbnail);
    c.header('etag', object.httpEtag);
    return 'body' in object ? c.body((object as R2ObjectBody).body) : c.body(null);
  })
  .get('/:channelId/:streamId/:file{(?:index|dvr)\\.m3u8}', validate('param', streamParam), validate('query', playlistQuery), async (c) => {
    const { channelId, streamId } = c.req.valid('param');
    const stream = await ownStream(c, channelId, streamId);
    if (!stream) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
    return playlist(c, stream, c.req.valid('query'), '', null, playlistFile(c.req.param('file')));
  })
  .get('/:channelId/:streamId/picture.jpg', validate('param', streamParam), validate('query', tokenQuery), async (c) => {
    const { channelId, streamId } = c.req.valid('param');
    const stream = await ownStream(c, channelId, streamId);
    if (!stream || stream.pictureAt === null) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
    // A restricted recording's picture follows its playlist's rule: a token signed for it.
    if (!(await allowed(c, stream, c.req.valid('query').token))) throw new Refusal(403, 'PLAYBACK_TOKEN', 'live.token');
    return storedFile(c, r2Keys.picture(channelId, streamId, stream.pictureAt), 'image/jpeg', privateIfRestricted(stream, CACHE.picture));
  })
  .get('/:channelId/:streamId/:segment', validate('param', segmentParam), validate('query', tokenQuery), async (c) => {
    const { channelId, streamId, segment } = c.req.valid('param');
    return segmentFile(c, channelId, streamId, '', segment, c.req.valid('query').token);
  })
  .get('/:channelId/:streamId/:rendition/:file{(?:index|dvr)\\.m3u8}', validate('param', renditionParam), validate('query', playlistQuery), async (c) => {
    const { channelId, streamId, rendition } = c.req.valid('param');
    const stream = await ownStream(c, channelId, streamId);
    if (!stream) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
    return playlist(c, stream, c.req.valid('query'), '', rendition, playlistFile(c.req.param('file')));
  })
  .get('/:channelId/:streamId/:rendition/:segment', validate('param', renditionSegmentParam), validate('query', tokenQuery), async (c) => {
    const { channelId, streamId, rendition, segment } = c.req.valid('param');
    return segmentFile(c, channelId, streamId, rendition, segment, c.req.valid('query').token);
  });

const playlistFile = (name: string): PlaylistFile => (name === 'dvr.m3u8' ? 'dvr.m3u8' : 'index.m3u8');

/** A segment (or CMAF init segment) of our own stream, out of R2, immutable. */
async function segmentFile(c: Context<AppEnv>, channelId: number, streamId: number, rendition: string, segment: string, token: string | undefined): Promise<Response> {
  const stream = await ownStream(c, channelId, streamId);
  if (!stream) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  if (!(await allowed(c, stream, token))) throw new Refusal(403, 'PLAYBACK_TOKEN', 'live.token');
  return storedFile(c, r2Keys.segment(channelId, streamId, segment, rendition), segmentContentType(segment), privateIfRestricted(stream, CACHE.segment));
}
