// npm run broadcast -- <streamKey> [file] [--origin http://127.0.0.1:8787] [--seconds N] [--ladder] [--mpegts]
// Pushes a test pattern with a burned-in clock and a tone (or loops `file`) into our live ingest, in CMAF (MPEG-TS
// with --mpegts), one 640x360 rendition or, with --ladder, the demo's three.
import { DEMO_LADDER, startBroadcast } from './lib/broadcaster.mjs';

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
}
const origin = option('--origin', 'http://127.0.0.1:8787');
const seconds = option('--seconds');
function flag(name) {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
}
const ladder = flag('--ladder') ? DEMO_LADDER : null;
const container = flag('--mpegts') ? 'mpegts' : 'cmaf';
const [streamKey, file] = args;
if (!streamKey) {
  console.error('usage: npm run broadcast -- <streamKey> [file] [--origin http://127.0.0.1:8787] [--seconds N] [--ladder] [--mpegts]');
  process.exit(2);
}

const child = startBroadcast({ origin, streamKey, file, durationSeconds: seconds ? Number(seconds) : undefined, ladder, container });
console.log(`broadcasting ${file ?? 'a test pattern'} to ${origin}/live/ingest/${streamKey.slice(0, 4)}…/index.m3u8 (Ctrl-C stops; the stream ends at once)`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGINT'));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
