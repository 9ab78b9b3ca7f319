// npm run broadcast -- <streamKey> [file] [--origin http://127.0.0.1:8787] [--seconds N]
// Pushes a test pattern with a burned-in clock and a tone (or loops `file`) into our live ingest.
import { startBroadcast } from './lib/broadcaster.mjs';

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
}
const origin = option('--origin', 'http://127.0.0.1:8787');
const seconds = option('--seconds');
const [streamKey, file] = args;
if (!streamKey) {
  console.error('usage: npm run broadcast -- <streamKey> [file] [--origin http://127.0.0.1:8787] [--seconds N]');
  process.exit(2);
}

const child = startBroadcast({ origin, streamKey, file, durationSeconds: seconds ? Number(seconds) : undefined });
console.log(`broadcasting ${file ?? 'a test pattern'} to ${origin}/live/ingest/${streamKey.slice(0, 4)}…/index.m3u8 (Ctrl-C stops; the stream ends at once)`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGINT'));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
