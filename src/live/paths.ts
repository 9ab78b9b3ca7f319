import { z } from 'zod';

// What the ingest and playback routes accept in a path, and where things live in R2. Everything is
// matched against the RAW path (percent-encoding intact), so `%2F`, `%5C` or `%2e%2e` can never be
// decoded into a folder change: they simply fail these patterns.

export const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A file an encoder sends: an MPEG-TS segment (.ts), a CMAF media segment (.m4s) or a CMAF init segment (.mp4). */
export const ENCODER_FILE_PATTERN = /^[A-Za-z0-9_-]{1,64}\.(ts|m4s|mp4)$/;
/**
 * A file as viewers fetch it: the encoder's name, behind the number of the encoder's run after a restart
 * (`2.index0.m4s`; docs/product/watching-and-chat.md, "Ingest").
 */
export const SEGMENT_NAME_PATTERN = /^([1-9][0-9]{0,5}\.)?[A-Za-z0-9_-]{1,64}\.(ts|m4s|mp4)$/;

/** The name a file of the encoder's run `generation` is stored and served under. */
export function servedName(generation: number, encoderName: string): string {
  return generation === 0 ? encoderName : `${generation}.${encoderName}`;
}

export const isInitSegment = (name: string): boolean => name.endsWith('.mp4');

export const segmentNameSchema = z.string().regex(SEGMENT_NAME_PATTERN);
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number);

/** Size caps per file kind (bytes). */
export const LIMITS = { playlist: 64 * 1024, segment: 8 * 1024 * 1024, thumbnail: 1024 * 1024 } as const;

/** A rendition's name: its folder in the ingest path and in viewers' URLs (`720p`, `stream_1`). */
export const RENDITION_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
export const renditionSchema = z.string().regex(RENDITION_PATTERN);

export type IngestFile = { kind: 'playlist' } | { kind: 'master' } | { kind: 'thumbnail' } | { kind: 'segment'; name: string } | { kind: 'init'; name: string };

/**
 * `/live/ingest/<key>/<file>` or `/live/ingest/<key>/<rendition>/<file>` from the raw pathname: the file one of
 * index.m3u8, a media segment or a CMAF init segment; at the stream's own level also master.m3u8 (the renditions)
 * and thumb.jpg. `rendition` is '' for a stream of one rendition. Anything else (deeper, traversal, encoded
 * separators, other names) is null, which the route answers with 400.
 */
export function parseIngestPath(rawPath: string): { key: string; rendition: string; file: IngestFile } | null {
  const prefix = '/live/ingest/';
  if (!rawPath.startsWith(prefix)) return null;
  const parts = rawPath.slice(prefix.length).split('/');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const key = parts[0]!;
  const name = parts.at(-1)!;
  const rendition = parts.length === 3 ? parts[1]! : '';
  if (parts.length === 3 && !RENDITION_PATTERN.test(rendition)) return null;
  if (name === 'index.m3u8') return { key, rendition, file: { kind: 'playlist' } };
  if (ENCODER_FILE_PATTERN.test(name)) return { key, rendition, file: isInitSegment(name) ? { kind: 'init', name } : { kind: 'segment', name } };
  if (rendition !== '') return null;
  if (name === 'master.m3u8') return { key, rendition, file: { kind: 'master' } };
  if (name === 'thumb.jpg') return { key, rendition, file: { kind: 'thumbnail' } };
  return null;
}

export const r2Keys = {
  streamPrefix: (channelId: number, streamId: number) => `live/${channelId}/${streamId}/`,
  /** A rendition's files sit in its own folder; a stream of one rendition ('') keeps them at the top. */
  segment: (channelId: number, streamId: number, name: string, rendition = '') => `live/${channelId}/${streamId}/${rendition ? `${rendition}/` : ''}${name}`,
  thumbnail: (channelId: number) => `live/${channelId}/thumb.jpg`,
  /** A stream's pictures over time, in its own folder (so they go with its recording). */
  pictures: (channelId: number, streamId: number) => `live/${channelId}/${streamId}/pictures/`,
  picture: (channelId: number, streamId: number, at: number) => `live/${channelId}/${streamId}/pictures/${pictureName(at)}`,
  /** A clip's picture is its own copy (a few kilobytes): it outlives the recording's pictures without being counted. */
  clipPicture: (clipId: string) => `clips/${clipId}/picture.jpg`,
};

/**
 * A stream keeps one picture per PICTURE_EVERY_MS of program date-time (the encoder's newer thumbnail in the same
 * stretch replaces the older), however often its encoder sends them.
 */
export const PICTURE_EVERY_MS = 10_000;

/** A picture's file name: the start of its stretch in epoch ms, zero-padded so names sort by time. */
export function pictureName(at: number): string {
  return `${String(Math.floor(at / PICTURE_EVERY_MS) * PICTURE_EVERY_MS).padStart(15, '0')}.jpg`;
}

/** The start of the stretch a picture's file name stands for; null for another name. */
export function pictureTime(name: string): number | null {
  const match = /^(\d{15})\.jpg$/.exec(name);
  return match ? Number(match[1]) : null;
}

export function segmentContentType(name: string): string {
  if (name.endsWith('.m4s')) return 'video/iso.segment';
  return isInitSegment(name) ? 'video/mp4' : 'video/mp2t';
}
