// A server of its own for a bench: its own port and fresh state folder (migrated, KV seeded, optionally
// the demo data), the same Miniflare server and production bundle as `npm start`. Build first.
import { freshSeededState, startServer } from './server.mjs';
import { demoSeedSql } from '../seed-demo.mjs';

export async function startBenchServer({ port, state, demo = false }) {
  // One wrangler start for the migrations and the demo data, as the browser tests' server does: a start per file
  // cost seconds each, and the bench tooling's test runs this at nice 19 beside the browser tests.
  await freshSeededState(state, demo ? demoSeedSql() : '');
  const server = await startServer({ port, state, onLog: (level, message) => level === 'error' && console.error(message) });
  // Its bindings (mf) for a bench that writes its data straight to D1 or calls a Durable Object itself.
  return { mf: server.mf, stop: () => server.stop() };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` (errors count as not yet) every 300 ms until it holds, or throws after `timeoutMs`. */
export async function until(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The URL of the channel's live media playlist: its own, or of a stream in several renditions the first rendition's
 * (null while the channel has no live).
 */
export async function liveMediaPlaylistUrl(origin, channelId) {
  const url = `${origin}/live/${channelId}/index.m3u8`;
  const res = await fetch(url);
  if (!res.ok) return null;
  const rendition = /^#EXT-X-STREAM-INF:.*\n(\S+)/m.exec(await res.text())?.[1];
  return rendition ? `${origin}/live/${channelId}/${rendition}` : url;
}

/** Waits until the channel's live media playlist lists two segments (a broadcaster has started for real). */
export function untilLive(origin, channelId, timeoutMs = 60_000) {
  return until(
    'the live playlist',
    async () => {
      const url = await liveMediaPlaylistUrl(origin, channelId);
      return url !== null && ((await (await fetch(url)).text()).match(/#EXTINF/g)?.length ?? 0) >= 2;
    },
    timeoutMs,
  );
}

/** Multi-row INSERTs of literal values (numbers and safe strings), 500 rows a statement, 50 statements a batch. */
export async function insertRows(db, head, rows) {
  const statements = [];
  for (let i = 0; i < rows.length; i += 500) statements.push(db.prepare(`${head} VALUES ${rows.slice(i, i + 500).join(', ')}`));
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
}
