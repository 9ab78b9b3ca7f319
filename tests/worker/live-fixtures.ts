import { SELF, env } from 'cloudflare:test';
import { afterAll } from 'vitest';
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
