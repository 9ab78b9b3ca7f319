import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { TtlCache } from '../lib/ttl-cache';
import { playbackTokenValid } from '../lib/playback-token';
import { clipHasFile, clipSegments, findClipMedia, type ClipMedia } from '../db/clips';
import { clipParamSchema } from '../shared/clip-schemas';
import { renderMasterPlaylist, renderPlaylist, type Rendition } from './hls';
import { r2Keys, renditionSchema, segmentContentType, segmentNameSchema } from './paths';
import { anyOrigin, storedFile } from './stored-file';

// A clip's playlists and files (/live/clips/<clipId>/...): a finished playlist of the segments it lists, each
// fetched from its stream's folder in R2, where the clip refers to it (docs/decisions.md, "Clips refer to their
// segments"). A clip of an adult stream needs a token signed for that stream, as the stream's own files do.

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** A clip never changes; it may be deleted, and a copy kept a minute longer is the cost of caching it at all. */
const CACHE = { playlist: 'public, max-age=60', segment: 'public, max-age=31536000, immutable' } as const;
const clips = new TtlCache<string, ClipMedia | null>(2_000);

const tokenQuery = z.object({ token: z.string().max(200).optional() });
const renditionParam = clipParamSchema.extend({ rendition: renditionSchema });
const fileParam = clipParamSchema.extend({ file: segmentNameSchema });
const renditionFileParam = renditionParam.extend({ file: segmentNameSchema });

/** The clip if this request may have its files (with the cache rule that applies), else a refusal. */
async function clipFor(c: Context<AppEnv>, clipId: string, token: string | undefined): Promise<{ clip: ClipMedia; cache: (rule: string) => string }> {
  const clip = await clips.get(clipId, () => findClipMedia(c.env.DB, clipId));
  if (!clip) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  const gated = clip.adult === 1 || clip.adultPlus === 1;
  if (!gated) return { clip, cache: (rule) => rule };
  c.header('access-control-allow-origin', undefined);
  if (!(await playbackTokenValid(c.env.JWT_SECRET, clip.streamId, token))) throw new Refusal(403, 'PLAYBACK_TOKEN', 'live.token');
  return { clip, cache: (rule) => rule.replace('public', 'private') };
}

/** A clip's media playlist: finished, and across an encoder restart with its discontinuity and second init segment. */
async function mediaPlaylist(c: Context<AppEnv>, clipId: string, rendition: string, token: string | undefined): Promise<Response> {
  const { cache } = await clipFor(c, clipId, token);
  const segments = await clipSegments(c.env.DB, clipId, rendition);
  if (segments.length === 0) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  c.header('content-type', PLAYLIST_TYPE);
  c.header('cache-control', cache(CACHE.playlist));
  return c.body(renderPlaylist({ segments, discontinuitySequence: 0 }, { ended: true, token: token ?? null }));
}

async function file(c: Context<AppEnv>, clipId: string, rendition: string, name: string, token: string | undefined): Promise<Response> {
  const { clip, cache } = await clipFor(c, clipId, token);
  if (!(await clipHasFile(c.env.DB, clipId, rendition, name))) throw new Refusal(404, 'NOT_FOUND', 'live.notFound');
  return storedFile(c, r2Keys.segment(clip.channelId, clip.streamId, name, rendition), segmentContentType(name), cache(CACHE.segment));
}

export const clipMedia = new Hono<AppEnv>()
  .use(anyOrigin)
  .get('/:clipId/index.m3u8', validate('param', clipParamSchema), validate('query', tokenQuery), async (c) => {
    const { clipId } = c.req.valid('param');
    const { token } = c.req.valid('query');
    const { clip, cache } = await clipFor(c, clipId, token);
    const renditions = JSON.parse(clip.renditions) as Rendition[];
    if (renditions.length === 0) return mediaPlaylist(c, clipId, '', token);
    c.header('content-type', PLAYLIST_TYPE);
    c.header('cache-control', cache(CACHE.playlist));
    return c.body(renderMasterPlaylist(renditions, { token: token ?? null }));
  })
  .get('/:clipId/:rendition/index.m3u8', validate('param', renditionParam), validate('query', tokenQuery), async (c) => {
    const { clipId, rendition } = c.req.valid('param');
    return mediaPlaylist(c, clipId, rendition, c.req.valid('query').token);
  })
  // Before the files: its name is not a segment's.
  .get('/:clipId/picture.jpg', validate('param', clipParamSchema), validate('query', tokenQuery), async (c) => {
    const { clipId } = c.req.valid('param');
    const { cache } = await clipFor(c, clipId, c.req.valid('query').token);
    return storedFile(c, r2Keys.clipPicture(clipId), 'image/jpeg', cache(CACHE.segment));
  })
  .get('/:clipId/:file', validate('param', fileParam), validate('query', tokenQuery), async (c) => {
    const { clipId, file: name } = c.req.valid('param');
    return file(c, clipId, '', name, c.req.valid('query').token);
  })
  .get('/:clipId/:rendition/:file', validate('param', renditionFileParam), validate('query', tokenQuery), async (c) => {
    const { clipId, rendition, file: name } = c.req.valid('param');
    return file(c, clipId, rendition, name, c.req.valid('query').token);
  });
