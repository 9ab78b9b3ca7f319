// The server keeps serving clients that give up: aborted GETs over pages, assets, API and playlists,
// ingest PUTs whose body stops half-way, dropped WebSocket handshakes and browser tabs closed mid-load.
// (`wrangler dev` exited on the first of these: scripts/lib/server.mjs.)
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { abortStorm, mediaSequence, stormPaths } from '../../scripts/lib/abort-storm.mjs';
import { startBroadcast } from '../../scripts/lib/broadcaster.mjs';
import { LOOPBACK, PORT, expect, test, until, url } from './fixtures';

const CHANNEL = { id: 2, key: 'demo-stream-key-0002' };
let broadcaster: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  broadcaster = startBroadcast({ origin: LOOPBACK, streamKey: CHANNEL.key, thumbnails: false });
  await until('the live playlist', () => mediaSequence(LOOPBACK, CHANNEL.id).then((n) => n !== null), 60_000);
});

test.afterAll(() => {
  broadcaster?.kill('SIGINT');
});

test('aborted GETs, half-sent PUTs and dropped handshakes leave the server serving and the live advancing', async () => {
  test.setTimeout(90_000);
  const before = await mediaSequence(LOOPBACK, CHANNEL.id);
  const sent = await abortStorm({ port: PORT, paths: stormPaths({ channelId: CHANNEL.id }), streamKey: CHANNEL.key, chatRoom: CHANNEL.id });
  expect(sent).toEqual({ gets: 300, puts: 30, sockets: 30 });

  const home = await fetch(`${LOOPBACK}/`, { headers: { host: `flex.localhost:${PORT}` } });
  expect(home.status).toBe(200);
  // No half-sent segment was stored as if whole: the cut-off names never reach the playlist.
  const after = await until(
    'the live to advance',
    async () => {
      const n = await mediaSequence(LOOPBACK, CHANNEL.id);
      return n !== null && before !== null && n > before + 1 ? n : null;
    },
    20_000,
  );
  expect(after).toBeGreaterThan(before!);
  const playlist = await (await fetch(`${LOOPBACK}/live/${CHANNEL.id}/index.m3u8`)).text();
  expect(playlist).not.toContain('storm');
});

test('tabs closed while pages load leave the server serving', async ({ browser }) => {
  for (const path of ['/', '/channel/demo_caster2', '/signup', '/channel/demo_caster1']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    void page.goto(url('flex', path)).catch(() => undefined);
    await page.waitForRequest((request) => request.url().includes(path), { timeout: 10_000 }).catch(() => undefined);
    await context.close();
  }
  const response = await fetch(`${LOOPBACK}/channel/demo_caster2`, { headers: { host: `flex.localhost:${PORT}` } });
  expect(response.status).toBe(200);
});

test('an ingest body that stops half-way is refused as cut off, and is not stored', async () => {
  // The encoder half-closes after half its declared length: the answer still reaches it.
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => {
      socket.write(`PUT /live/ingest/${CHANNEL.key}/cutoff1.ts HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Length: 65536\r\nConnection: close\r\n\r\n`);
      socket.end(Buffer.alloc(32768, 0x47));
    });
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(answer).toContain('UPLOAD_CUT_OFF');
  const playlist = await (await fetch(`${LOOPBACK}/live/${CHANNEL.id}/index.m3u8`)).text();
  expect(playlist).not.toContain('cutoff1');
});
