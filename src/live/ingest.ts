import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { Refusal } from '../lib/errors';
import { channelByStreamKey, setThumbnailAt } from '../db/live';
import { newestSegmentEnd } from '../db/clips';
import { parseEncoderPlaylist, parseMasterPlaylist } from './hls';
import { LIMITS, parseIngestPath, r2Keys, STREAM_KEY_PATTERN } from './paths';
import { INGEST_SESSION_HEADER, INGEST_SESSION_PATTERN } from '../shared/ingest';

// PUT /live/ingest/:streamKey/[:rendition/]:file — an encoder (ffmpeg -f hls -method PUT) pushing HLS in MPEG-TS or
// CMAF, in one rendition or several (each in its folder, with master.m3u8 naming them). The studio's own
// encoder (a browser tab) sends the same files to /live/ingest/studio/… with the key in `Authorization: Bearer`,
// so it never sits in a URL. Checks run cheapest first and nothing is written until every check passed and the
// whole body is in hand.

/** The path's key part when the key travels in the Authorization header (too short to be a key itself). */
export const KEY_IN_HEADER = 'studio';
const bearerKey = (header: string | undefined): string => /^Bearer ([A-Za-z0-9_-]{16,64})$/.exec(header ?? '')?.[1] ?? '';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** Which sender a file comes from (INGEST_SESSION_HEADER); '' for an encoder that names none, or names one badly. */
const ingestSession = (header: string | undefined): string => (header && INGEST_SESSION_PATTERN.test(header) ? header : '');
/** Another tab or encoder took this channel's live over: the displaced sender stops. */
const takenOver = () => new Refusal(409, 'INGEST_TAKEN_OVER', 'live.takenOver');

/** The type of the ISO BMFF box a file starts with (bytes 4-7), or '' when it is too short to have one. */
function firstBox(body: Uint8Array): string {
  return body.byteLength < 8 ? '' : String.fromCharCode(...body.subarray(4, 8));
}
/** A CMAF init segment opens with its file type; a media segment with its own type, an index, a producer time or its first fragment. */
const INIT_FIRST_BOX = new Set(['ftyp']);
const MEDIA_FIRST_BOX = new Set(['styp', 'moof', 'sidx', 'prft', 'emsg']);

/**
 * The body, or 'too_large' as soon as it passes `cap` (ffmpeg sends chunked bodies without a length), or
 * 'cut_off' when the encoder goes away mid-body: an encoder stopping is routine, not a server error.
 */
async function readCapped(request: Request, cap: number): Promise<Uint8Array | 'too_large' | 'cut_off'> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > cap) return 'too_large';
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const read = await reader.read().catch(() => null);
    if (!read) return 'cut_off';
    const { done, value } = read;
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return 'too_large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function ingest(c: Context<AppEnv>): Promise<Response> {
  // ffmpeg's image2 muxer (thumbnails) ignores -method and POSTs; a POST stores exactly like a PUT.
  const method = c.req.method === 'POST' ? 'PUT' : c.req.method;
  if (method !== 'PUT' && method !== 'DELETE') throw new Refusal(405, 'METHOD_NOT_ALLOWED', 'live.method');
  const parsed = parseIngestPath(new URL(c.req.url).pathname);
  if (!parsed) throw new Refusal(400, 'BAD_PATH', 'live.badPath');
  const { rendition, file } = parsed;
  const key = parsed.key === KEY_IN_HEADER ? bearerKey(c.req.header('authorization')) : parsed.key;
  if (!STREAM_KEY_PATTERN.test(key)) throw new Refusal(403, 'STREAM_KEY_INVALID', 'live.streamKey');
  const channel = await channelByStreamKey(c.env.DB, key);
  if (!channel) throw new Refusal(403, 'STREAM_KEY_INVALID', 'live.streamKey');
  if (channel.source !== 'flex') throw new Refusal(403, 'EXTERNAL_SOURCE', 'live.externalSource');

  // ffmpeg's delete_segments: the live window moved on, but the recording keeps every segment.
  if (method === 'DELETE') return c.body(null, 204);

  const cap = file.kind === 'playlist' || file.kind === 'master' ? LIMITS.playlist : file.kind === 'thumbnail' ? LIMITS.thumbnail : LIMITS.segment;
  const body = await readCapped(c.req.raw, cap);
  if (body === 'too_large') throw new Refusal(413, 'TOO_LARGE', 'live.tooLarge');
  if (body === 'cut_off') throw new Refusal(400, 'UPLOAD_CUT_OFF', 'live.uploadCutOff');
  if (body.byteLength === 0) throw new Refusal(400, 'EMPTY_BODY', 'live.emptyBody');

  const room = c.env.LIVE_CHANNEL.get(c.env.LIVE_CHANNEL.idFromName(String(channel.id)));
  const session = ingestSession(c.req.header(INGEST_SESSION_HEADER));
  switch (file.kind) {
    case 'thumbnail': {
      if (!JPEG_MAGIC.every((b, i) => body[i] === b)) throw new Refusal(400, 'NOT_JPEG', 'live.notJpeg');
      // A displaced sender's picture is not the live's: refused like its media.
      if (await room.isDisplaced(session)) throw takenOver();
      const jpeg = { httpMetadata: { contentType: 'image/jpeg' } };
      await c.env.MEDIA.put(r2Keys.thumbnail(channel.id), body, jpeg);
      await setThumbnailAt(c.env.DB, channel.id, Date.now());
      // The open stream keeps it too, at its newest moment (the segments' clock, not ours): a clip's picture.
      const open = await room.openStream();
      const at = open ? await newestSegmentEnd(c.env.DB, open.streamId, open.rendition) : null;
      if (open && at !== null) await c.env.MEDIA.put(r2Keys.picture(channel.id, open.streamId, at), body, jpeg);
      return c.body(null, 204);
    }
    case 'playlist': {
      const playlist = parseEncoderPlaylist(new TextDecoder().decode(body));
      if (!playlist) throw new Refusal(400, 'BAD_PLAYLIST', 'live.badPlaylist');
      const outcome = await room.ingestPlaylist(channel.id, rendition, playlist.segments, playlist.ended, session);
      if (!outcome.ok) throw outcome.code === 'taken_over' ? takenOver() : new Refusal(409, 'RENDITIONS_MISALIGNED', 'live.renditionsMisaligned');
      return c.body(null, 204);
    }
    case 'master': {
      const renditions = parseMasterPlaylist(new TextDecoder().decode(body));
      if (!renditions) throw new Refusal(400, 'BAD_MASTER_PLAYLIST', 'live.badMasterPlaylist');
      const outcome = await room.ingestMaster(channel.id, renditions, session);
      if (!outcome.ok) throw takenOver();
      return c.body(null, 204);
    }
    case 'init':
    case 'segment': {
      const cmafBoxes = file.kind === 'init' ? INIT_FIRST_BOX : file.name.endsWith('.m4s') ? MEDIA_FIRST_BOX : null;
      if (cmafBoxes && !cmafBoxes.has(firstBox(body))) throw new Refusal(400, 'NOT_CMAF', 'live.notCmaf');
      const outcome = await room.ingestSegment(channel, rendition, file.name, body.buffer as ArrayBuffer, session);
      if (outcome.ok) return c.body(null, 204);
      if (outcome.code === 'taken_over') throw takenOver();
      if (outcome.code === 'broadcast_off') throw new Refusal(403, 'BROADCAST_OFF', 'live.broadcastOff');
      if (outcome.code === 'adult_plus_off') throw new Refusal(403, 'ADULT_PLUS_BROADCAST_OFF', 'live.adultPlusBroadcastOff');
      throw new Refusal(409, 'STREAM_CONFLICT', 'live.streamConflict');
    }
  }
}
