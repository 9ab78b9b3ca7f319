import { z } from 'zod';

// What the ingest and playback routes accept in a path, and where things live in R2. Everything is
// matched against the RAW path (percent-encoding intact), so `%2F`, `%5C` or `%2e%2e` can never be
// decoded into a folder change: they simply fail these patterns.

export const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const SEGMENT_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}\.(ts|m4s)$/;

export const segmentNameSchema = z.string().regex(SEGMENT_NAME_PATTERN);
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number);

/** Size caps per file kind (bytes). */
export const LIMITS = { playlist: 64 * 1024, segment: 8 * 1024 * 1024, thumbnail: 1024 * 1024 } as const;

export type IngestFile = { kind: 'playlist' } | { kind: 'thumbnail' } | { kind: 'segment'; name: string };

/**
 * `/live/ingest/<key>/<file>` from the raw pathname: exactly two plain segments after the prefix, the
 * file one of index.m3u8, thumb.jpg or a segment name. Anything else (nested, traversal, encoded
 * separators, other names) is null, which the route answers with 400.
 */
export function parseIngestPath(rawPath: string): { key: string; file: IngestFile } | null {
  const prefix = '/live/ingest/';
  if (!rawPath.startsWith(prefix)) return null;
  const parts = rawPath.slice(prefix.length).split('/');
  if (parts.length !== 2) return null;
  const [key, name] = parts as [string, string];
  if (name === 'index.m3u8') return { key, file: { kind: 'playlist' } };
  if (name === 'thumb.jpg') return { key, file: { kind: 'thumbnail' } };
  if (SEGMENT_NAME_PATTERN.test(name)) return { key, file: { kind: 'segment', name } };
  return null;
}

export const r2Keys = {
  streamPrefix: (channelId: number, streamId: number) => `live/${channelId}/${streamId}/`,
  segment: (channelId: number, streamId: number, name: string) => `live/${channelId}/${streamId}/${name}`,
  thumbnail: (channelId: number) => `live/${channelId}/thumb.jpg`,
};

export function segmentContentType(name: string): string {
  return name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp2t';
}
