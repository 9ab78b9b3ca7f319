import { SELF, env } from 'cloudflare:test';
import { afterAll, expect } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { uniqueTag } from './unique';

// What the live-video tests share: a channel with a stream key, PUTs to the ingest, and ISO BMFF files that pass the
// ingest's CMAF checks.

export const ORIGIN = 'http://localhost:8787';

/**
 * A creator's channel with a stream key (`prefix` tells the file's channels apart). Every live of the calling file's
 * channels ends with the file, so other files sharing the database do not list them as on air.
 */
export function channelMaker(prefix: string) {
  const channels: number[] = [];
  afterAll(async () => {
    if (channels.length === 0) return;
    await env.DB.prepare(`UPDATE streams SET ended_at = ?, kind = 2 WHERE ended_at IS NULL AND channel_id IN (${channels.join(',')})`)
      .bind(Date.now())
      .run();
  });
  return async ({ password = false } = {}) => {
    const tag = uniqueTag();
    const member = await env.DB.prepare('INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, ?) RETURNING id')
      .bind(`${prefix}${tag}`, `방송${tag}`.slice(0, 10), 'pbkdf2-sha256$1$AA$AA')
      .first<{ id: number }>();
    const key = `${prefix}_key_${tag}_abcdefgh`;
    const channel = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, password_hash) VALUES (?, ?, ?, ?) RETURNING id')
      .bind(member!.id, `${prefix} ${tag}`, key, password ? 'pbkdf2-sha256$1$AA$AA' : null)
      .first<{ id: number }>();
    channels.push(channel!.id);
    return { channelId: channel!.id, key };
  };
}

export const put = (path: string, body: BodyInit, headers: Record<string, string> = {}) => SELF.fetch(`${ORIGIN}${path}`, { method: 'PUT', body, headers });

/** An ISO BMFF file that opens with a `type` box of `size` bytes in all, its last byte `mark` (each file tells apart). */
export function box(type: string, size = 64, mark = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  bytes[size - 1] = mark;
  return bytes;
}

/** The URIs of a playlist (its lines that are not tags). */
/**
 * Every media URI a playlist lists, in order, once each: whole segments, and the newest, which a live playlist lists
 * only as its LL-HLS part until the next segment arrives.
 */
export const uris = (text: string) => [...new Set(text.split('\n').flatMap((l) => (l.startsWith('#EXT-X-PART:') ? [/URI="([^"]+)"/.exec(l)![1]!] : l && !l.startsWith('#') ? [l] : [])))];

export interface EncoderRun {
  count: number;
  startSec: number;
  mark?: number;
  ended?: boolean;
  folder?: string;
  /** Only the playlist (its files were sent before): how an encoder closes its live. */
  playlistOnly?: boolean;
}

/**
 * An encoder's run in CMAF: its init segment, `count` one-second segments index0…, then its playlist, whose program
 * date-times start `startSec` after `t0` (ms); `folder` is a rendition's; `mark` is every file's last byte.
 */
export async function encoderRun(key: string, t0: number, { count, startSec, mark = 0, ended = false, folder = '', playlistOnly = false }: EncoderRun): Promise<void> {
  const at = folder ? `/live/ingest/${key}/${folder}/` : `/live/ingest/${key}/`;
  if (!playlistOnly) expect((await put(`${at}init.mp4`, box('ftyp', 64, mark))).status).toBe(204);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-MAP:URI="init.mp4"'];
  for (let i = 0; i < count; i++) {
    if (!playlistOnly) expect((await put(`${at}index${i}.m4s`, box('moof', 128, mark))).status).toBe(204);
    lines.push('#EXTINF:1.000000,', `#EXT-X-PROGRAM-DATE-TIME:${new Date(t0 + (startSec + i) * 1000).toISOString()}`, `index${i}.m4s`);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  expect((await put(`${at}index.m3u8`, `${lines.join('\n')}\n`)).status).toBe(204);
  clearAllCaches();
}
