// Clients that give up: GETs cut off before or during the answer, ingest PUTs whose body stops half-way,
// and WebSocket handshakes dropped before or right after the 101. Raw sockets, so each abort happens at
// a known point instead of whenever a timeout fires. Used by tests/e2e/aborts.spec.ts and
// `npm run storm` (against a running `npm start`).
import { readdirSync } from 'node:fs';
import net from 'node:net';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens a socket, writes `head` (and `body`), waits `afterMs` (or for the first answer bytes), then destroys it. */
function abortAfter({ port, head, body, afterMs, onFirstByte = false }) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve();
    };
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(head);
      if (body) socket.write(body);
      if (onFirstByte) socket.once('data', finish);
      setTimeout(finish, afterMs);
    });
  });
}

/** The paths a browser, an app and a player ask for: pages, assets, API and playlists. */
export function stormPaths({ channelId, clientDir = 'dist/client/assets' }) {
  const assets = readdirSync(clientDir)
    .filter((f) => f.endsWith('.js'))
    .slice(0, 6)
    .map((f) => `/assets/${f}`);
  return [
    '/',
    '/channel/demo_caster1',
    '/channel/demo_caster2',
    '/signin',
    '/signup',
    '/theme/talk',
    '/my/recent',
    ...assets,
    '/brands/flex/logo.svg',
    '/api/guest/banners',
    '/api/guest/themes?device=pc',
    '/v2/api/guest/timeCheck',
    '/api/guest/channeling-switching',
    `/live/${channelId}/index.m3u8`,
  ];
}

/**
 * Fires `gets` aborted GETs round-robin over `paths` (half cut off after sending the request, half on
 * the first answer bytes), `puts` half-sent ingest PUTs and `sockets` dropped WebSocket handshakes,
 * `parallel` at a time. Returns what it sent.
 */
export async function abortStorm({ port, host = `flex.localhost:${port}`, paths, streamKey, chatRoom, gets = 300, puts = 30, sockets = 30, parallel = 16 }) {
  const getJobs = [];
  const putJobs = [];
  const socketJobs = [];
  for (let i = 0; i < gets; i++) {
    const path = paths[i % paths.length];
    const head = `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/html,*/*\r\nAccept-Language: ko-KR\r\n\r\n`;
    getJobs.push(() => abortAfter({ port, head, afterMs: i % 3, onFirstByte: i % 2 === 1 }));
  }
  for (let i = 0; i < puts; i++) {
    const length = 64 * 1024;
    const head = `PUT /live/ingest/${streamKey}/storm${i}.ts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: video/mp2t\r\nContent-Length: ${length}\r\n\r\n`;
    putJobs.push(() => abortAfter({ port, head, body: Buffer.alloc(length / 2, 0x47), afterMs: 5 + (i % 20) }));
  }
  for (let i = 0; i < sockets; i++) {
    const head = `GET /chat/${chatRoom} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${Buffer.from(`storm-key-${i}`.padEnd(16, '.')).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    socketJobs.push(() => abortAfter({ port, head, afterMs: i % 4, onFirstByte: i % 2 === 1 }));
  }
  // Interleaved, as real traffic would be: a PUT and a socket after every tenth GET.
  const jobs = [];
  for (let i = 0; i < getJobs.length || putJobs.length || socketJobs.length; i++) {
    if (i < getJobs.length) jobs.push(getJobs[i]);
    if (i % 10 === 9 || i >= getJobs.length) jobs.push(...putJobs.splice(0, 1), ...socketJobs.splice(0, 1));
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
  await sleep(200);
  return { gets, puts, sockets };
}

/** The live playlist's media sequence, or null when the channel is not live. */
export async function mediaSequence(origin, channelId) {
  const response = await fetch(`${origin}/live/${channelId}/index.m3u8`).catch(() => null);
  if (!response?.ok) return null;
  const match = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(await response.text());
  return match ? Number(match[1]) : null;
}
