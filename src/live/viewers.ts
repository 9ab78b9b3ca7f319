import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { COOKIE } from '../shared/constants';
import { sha256 } from '../lib/crypto';
import { edgeClientAddress } from '../lib/client-address';

// Who fetched a live playlist, and telling the channel's object about it without a call per fetch.

const DEVICE_ID = /^[0-9a-f]{10}$/;
/** One isolate reports a viewer of a stream at most this often; the object counts a 15 s window. */
const REPORT_EVERY_MS = 5_000;
const MAX_TRACKED = 20_000;
const lastReported = new Map<string, number>();

/** The device cookie when the player sends it, else a hash of address and user agent (never stored raw). */
export async function viewerId(c: Context<AppEnv>): Promise<string> {
  const device = getCookie(c, COOKIE.uuid);
  if (device && DEVICE_ID.test(device)) return `d:${device}`;
  const ip = edgeClientAddress(c.req.raw.headers) ?? '';
  const ua = c.req.header('user-agent') ?? '';
  return `h:${(await sha256(`${ip}\n${ua}`)).slice(0, 22)}`;
}

export function reportViewer(c: Context<AppEnv>, channelId: number, streamId: number): void {
  const task = (async () => {
    const viewer = await viewerId(c);
    const key = `${streamId}:${viewer}`;
    const now = Date.now();
    const last = lastReported.get(key);
    if (last !== undefined && now - last < REPORT_EVERY_MS) return;
    if (lastReported.size >= MAX_TRACKED) lastReported.clear();
    lastReported.set(key, now);
    const room = c.env.LIVE_CHANNEL.get(c.env.LIVE_CHANNEL.idFromName(String(channelId)));
    await room.sawViewer(streamId, viewer);
  })().catch((err) => console.warn('viewer report failed', err));
  c.executionCtx.waitUntil(task);
}
