// npm run bench:chat [-- --sockets 500 --rate 100 --seconds 20]   (-- --ceiling-only: just the runtime's ceiling)
// Chat fan-out as members feel it: the Worker on its own port and state (demo data seeded), N sockets
// on loopback joined to channel 1's room (N - 2 guests, plus the channel's creator and a manager as
// writers, both exempt from the per-member rate limit), M messages/s in total for S seconds. Prints
// delivered/expected and p50/p99 send-to-receive, then the same load against a plain `ws` broadcast
// server (a worker thread of this process, parsing and re-framing each message the same way) and the
// ratio. Goals: nothing lost, p99 <= 100 ms at 500 sockets and 100 msg/s, <= 2x plain p99.
// Also printed: where the Worker's time goes (sender -> room, stamped by the room's `at`, and room ->
// members), and the runtime's ceiling: how many frames/s a Durable Object that does nothing but send
// reaches on this machine (scripts/bench/send-ceiling), against the frames/s this load asks for.
import { chatTicket, joinRoom, roomUrl } from './lib/chat-socket.mjs';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { percentile } from './lib/stats.mjs';

const WRITERS = 2;

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Open one socket, join, and resolve once joined; every message frame feeds `onChat`. */
function connect(url, origin, room, onChat) {
  return joinRoom(url, origin, room, (lines) => {
    let chat = false;
    for (const text of lines) {
      const at = text.indexOf('"text":"b');
      if (at >= 0) {
        const stamp = text.indexOf('"at":');
        onChat(Number.parseInt(text.slice(at + 9), 10), stamp >= 0 ? Number.parseInt(text.slice(stamp + 5), 10) : NaN);
        chat = true;
      } else if (text.includes('"status":"error"')) console.warn('room says', text);
    }
    if (chat) onChat(-1);
  });
}

/**
 * The runtime's own limit, measured in this run: scripts/bench/send-ceiling, a Durable Object that only
 * sends, blasts `frames` frames to `sockets` sockets. Returns frames received per second.
 */
async function sendCeiling(sockets, frames) {
  const port = 8832;
  const { buildWorker, startServer } = await import('./lib/server.mjs');
  const worker = { config: 'scripts/bench/send-ceiling/wrangler.toml', outdir: 'dist/send-ceiling', name: 'chat-send-ceiling' };
  buildWorker(worker);
  const server = await startServer({ port, state: '.wrangler/bench-ceiling-state', ...worker });
  try {
    const base = `127.0.0.1:${port}`;
    for (let deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(300)) {
      if (
        await fetch(`http://${base}/blast?n=0`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
    }
    let received = 0;
    const clients = [];
    for (let i = 0; i < sockets; i += 50) {
      const batch = Array.from(
        { length: Math.min(50, sockets - i) },
        () =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://${base}/ws`, { perMessageDeflate: false });
            ws.on('open', () => resolve(ws));
            ws.on('error', reject);
            ws.on('message', () => (received += 1));
          }),
      );
      clients.push(...(await Promise.all(batch)));
    }
    await sleep(500);
    const start = performance.now();
    await fetch(`http://${base}/blast?n=${frames}`);
    const expected = sockets * frames;
    while (received < expected && performance.now() - start < 60_000) await sleep(5);
    const perSecond = (received / (performance.now() - start)) * 1000;
    for (const ws of clients) ws.terminate();
    return perSecond;
  } finally {
    await server.stop();
  }
}

/** The same load against one server; returns delivered/expected and the latency percentiles. */
async function measure({ name, socketUrl, origin, room, writerUrls, sockets, rate, seconds }) {
  const maxSent = Math.ceil(rate * seconds * 1.05) + 10;
  const sentAt = new Float64Array(maxSent).fill(NaN);
  const latencies = new Float64Array(maxSent * sockets);
  let received = 0;
  let packets = 0;
  // Where the time goes: the server stamps `at` when it takes the message (its clock is this machine's).
  const sentWall = new Float64Array(maxSent).fill(NaN);
  const inbound = [];
  const outbound = new Float64Array(maxSent * sockets);
  let outs = 0;
  const onChat = (seq, at) => {
    if (seq < 0) {
      packets += 1; // one socket message carrying chat frames
      return;
    }
    const sent = sentAt[seq];
    if (Number.isNaN(sent)) return;
    latencies[received++] = performance.now() - sent;
    if (Number.isFinite(at)) {
      if (!Number.isNaN(sentWall[seq])) {
        inbound.push(at - sentWall[seq]);
        sentWall[seq] = NaN;
      }
      outbound[outs++] = Date.now() - at;
    }
  };
  const clients = [];
  for (const url of writerUrls) clients.push(await connect(url, origin, room, onChat));
  const guests = sockets - writerUrls.length;
  const opened = performance.now();
  for (let i = 0; i < guests; i += 25) {
    const batch = Array.from({ length: Math.min(25, guests - i) }, () => connect(socketUrl, origin, room, onChat));
    clients.push(...(await Promise.all(batch)));
  }
  console.log(`${name}: ${clients.length} sockets joined in ${Math.round(performance.now() - opened)} ms`);
  await sleep(1000);

  let sent = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - start;
      const due = Math.min(Math.floor((elapsed * rate) / 1000), Math.floor(rate * seconds));
      while (sent < due) {
        const writer = clients[sent % writerUrls.length];
        sentAt[sent] = performance.now();
        sentWall[sent] = Date.now();
        writer.send(JSON.stringify({ type: 'message', text: `b${sent}` }));
        sent += 1;
      }
      if (elapsed >= seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const expected = sent * clients.length;
  const dropped = clients.filter((ws) => ws.readyState !== WebSocket.OPEN).length;
  if (dropped > 0) console.warn(`${name}: ${dropped} sockets closed during the run`);
  const drainUntil = performance.now() + 5000;
  while (received < expected && performance.now() < drainUntil) await sleep(50);
  for (const ws of clients) ws.terminate();
  const sorted = Array.from(latencies.subarray(0, received)).sort((a, b) => a - b);
  const outsTaken = outbound.subarray(0, outs);
  if (outs > 0)
    console.log(`${name}: sent->taken p50 ${percentile(inbound, 50)} p99 ${percentile(inbound, 99)} ms; taken->received p50 ${percentile(outsTaken, 50)} p99 ${percentile(outsTaken, 99)} ms`);
  return { name, sockets: clients.length, sent, received, expected, perPacket: received / Math.max(packets, 1), p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

async function main() {
  const sockets = arg('sockets', 500);
  const rate = arg('rate', 100);
  const seconds = arg('seconds', 20);
  if (process.argv.includes('--ceiling-only')) {
    console.log(`runtime ceiling: ${Math.round(await sendCeiling(sockets, 100))} frames/s to ${sockets} sockets`);
    return;
  }
  const PORT = 8831;
  const STATE = '.wrangler/bench-chat-state';
  const ORIGIN = `http://127.0.0.1:${PORT}`;
  const ROOM = '1';
  const { startBenchServer } = await import('./lib/bench-server.mjs');

  const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
  let plain = null;
  const cleanUp = () => {
    server.stop();
    void plain?.terminate();
  };
  process.on('uncaughtException', (error) => {
    // Miniflare's dispose can close one of its own servers twice while the room's 500 sockets are still
    // going away: harmless once the figures are printed, so it neither prints nor changes the exit code.
    if (error?.code === 'ERR_SERVER_NOT_RUNNING') return;
    console.error(error);
    cleanUp();
    process.exit(1);
  });
  const results = [];
  let ceiling = NaN;
  try {
    // Writers: the creator of channel 1, and demo_caster2 made a manager by the creator.
    const manager = await connect(roomUrl(ORIGIN, ROOM, await chatTicket(ORIGIN, 'demo_caster2', ROOM)), ORIGIN, ROOM, () => {});
    const creator = await connect(roomUrl(ORIGIN, ROOM, await chatTicket(ORIGIN, 'demo_caster1', ROOM)), ORIGIN, ROOM, () => {});
    await new Promise((resolve, reject) => {
      creator.on('message', (data) => (String(data).includes('"action":"manager_assign"') ? resolve() : String(data).includes('"status":"error"') && reject(new Error(String(data)))));
      creator.send(JSON.stringify({ type: 'action', action: 'manager_assign', target: 'demo_caster2' }));
    });
    manager.terminate();
    creator.terminate();
    // Tickets open sockets for a minute: fresh ones for the measured run.
    const writerUrls = [roomUrl(ORIGIN, ROOM, await chatTicket(ORIGIN, 'demo_caster1', ROOM)), roomUrl(ORIGIN, ROOM, await chatTicket(ORIGIN, 'demo_caster2', ROOM))].slice(0, WRITERS);
    results.push(await measure({ name: 'Worker ChatRoom', socketUrl: roomUrl(ORIGIN, ROOM), origin: ORIGIN, room: ROOM, writerUrls, sockets, rate, seconds }));
    server.stop();

    ceiling = await sendCeiling(sockets, 100);

    plain = new Worker(new URL(import.meta.url));
    const { port } = await new Promise((resolve) => plain.once('message', resolve));
    const plainUrl = `ws://127.0.0.1:${port}/`;
    results.push(await measure({ name: 'plain ws server', socketUrl: plainUrl, origin: ORIGIN, room: ROOM, writerUrls: [plainUrl, plainUrl], sockets, rate, seconds }));
  } finally {
    cleanUp();
  }

  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
  console.log(`\nchat fan-out: ${sockets} sockets, ${rate} msg/s for ${seconds} s (loopback; this machine: ${(await import('node:os')).cpus().length} cores, shared with whatever else runs)`);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(16)} delivered ${r.received}/${r.expected} (${((100 * r.received) / r.expected).toFixed(2)}%)  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  (${r.perPacket.toFixed(2)} frames per socket message)`,
    );
  }
  const [worker, base] = results;
  const load = sockets * rate;
  console.log(
    `  runtime ceiling: a Durable Object doing nothing but send delivers ${Math.round(ceiling)} frames/s here; this load is ${load} frames/s, so a room must batch (${worker.perPacket.toFixed(2)} frames per socket message above)`,
  );
  const ratio = worker.p99 / base.p99;
  console.log(`  p99 ratio Worker/plain: ${ratio.toFixed(2)}x`);
  const goals = [
    ['nothing lost', worker.received === worker.expected],
    ['p99 <= 100 ms', worker.p99 <= 100],
    ['p99 <= 2x plain', ratio <= 2],
  ];
  for (const [goal, ok] of goals) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${goal}`);
  if (!goals.every(([, ok]) => ok)) process.exitCode = 1;
}

if (isMainThread) await main();
else {
  // The plain server: accept, answer join, re-frame and broadcast every chat message to every socket.
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  let id = 0;
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      let frame;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (frame?.type === 'join') ws.send(JSON.stringify({ type: 'connection', status: 'joined', room: frame.room, me: null, frozen: false, viewers: wss.clients.size, history: [] }));
      if (frame?.type !== 'message' || typeof frame.text !== 'string' || frame.text.length > 200) return;
      const out = JSON.stringify({ type: 'message', id: ++id, at: Date.now(), from: { loginId: 'writer', nickname: 'writer', role: 'V', badge: null }, text: frame.text });
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(out);
    });
  });
  wss.on('listening', () => parentPort.postMessage({ port: wss.address().port }));
}
