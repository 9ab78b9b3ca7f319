// npm run storm [-- --port 8787]: against a running `npm start`, 300 aborted GETs over pages, assets, API
// and playlists, 30 ingest PUTs cut off half-way and 30 dropped WebSocket handshakes; then checks that the
// home page answers and that demo channel 1's live keeps advancing.
import { abortStorm, mediaSequence, stormPaths } from './lib/abort-storm.mjs';
import { DEMO_STREAM_KEYS } from './seed-demo.mjs';

const i = process.argv.indexOf('--port');
const port = i >= 0 ? Number(process.argv[i + 1]) : 8787;
const origin = `http://127.0.0.1:${port}`;

const before = await mediaSequence(origin, 1);
const sent = await abortStorm({ port, paths: stormPaths({ channelId: 1 }), streamKey: DEMO_STREAM_KEYS[0], chatRoom: 1 });
console.log(`aborted: ${sent.gets} GETs, ${sent.puts} half-sent PUTs, ${sent.sockets} WebSocket handshakes`);
const home = await fetch(`${origin}/`).catch((e) => ({ status: `no answer (${e.cause?.code ?? e.message})` }));
console.log(`home page: ${home.status}`);
await new Promise((r) => setTimeout(r, 3000));
const after = await mediaSequence(origin, 1);
console.log(`channel 1 media sequence: ${before ?? 'not live'} -> ${after ?? 'not live'}`);
const ok = home.status === 200 && (before === null || (after !== null && after > before));
console.log(ok ? 'PASS: still serving' : 'FAIL');
process.exit(ok ? 0 : 1);
