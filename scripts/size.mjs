// npm run size: first-load JS of each page kind in gzip bytes, from dist/client-meta.json (the chunk graph) of the last
// `npm run build`. First load = the entry plus every chunk it imports statically; lazy chunks (dynamic
// import) are listed apart, the video player's (Player, hls.js, mpegts.js) on their own. Fails when the
// home page is over its 90 KB budget, when player, streaming-library or chat code is in its first load, or when a
// chunk builds zod schemas it was not meant to.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 90 * 1024;
const meta = JSON.parse(readFileSync('dist/client-meta.json', 'utf8'));
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** What a chunk carries that must load only with a player: name -> test on its input paths. */
const PLAYER_CODE = {
  'hls.js': (input) => input.includes('node_modules/hls.js/'),
  'mpegts.js': (input) => input.includes('node_modules/mpegts.js/'),
  player: (input) => input.startsWith('client/components/player/') && !input.endsWith('/LazyPlayer.tsx'),
};
const playerParts = (file) => Object.keys(PLAYER_CODE).filter((name) => Object.keys(meta.outputs[file]?.inputs ?? {}).some(PLAYER_CODE[name]));

function closure(entry) {
  const seen = new Set();
  const lazy = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement') visit(imp.path);
      else if (imp.kind === 'dynamic-import') lazy.add(imp.path);
    }
  };
  visit(entry);
  return { firstLoad: [...seen], lazy: [...lazy].filter((f) => !seen.has(f)) };
}

/** Every chunk reachable through dynamic imports, at any depth (hls.js is imported from the player). */
function allLazy(start, firstLoad) {
  const found = new Set();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop();
    if (found.has(file) || firstLoad.includes(file)) continue;
    found.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) queue.push(imp.path);
  }
  return [...found];
}

const row = (f, note = '') => `  ${f.padEnd(48)} ${String(gz(f)).padStart(7)} B${note}`;
const entry = Object.keys(meta.outputs).find((f) => f.endsWith('/main.js'));
const { firstLoad, lazy } = closure(entry);
const total = firstLoad.reduce((sum, f) => sum + gz(f), 0);
console.log('home page first-load JS (gzip):');
for (const f of firstLoad) console.log(row(f));
console.log(`  total ${String(total).padStart(50)} B  (${(total / 1024).toFixed(1)} KB of ${BUDGET / 1024} KB budget)`);

const lazyChunks = allLazy(lazy, firstLoad).filter((f) => f.endsWith('.js'));
const playerChunks = lazyChunks.filter((f) => playerParts(f).length);
const otherLazy = lazyChunks.filter((f) => !playerParts(f).length);
console.log(otherLazy.length ? `lazy chunks, loaded only where used:\n${otherLazy.map((f) => row(f)).join('\n')}` : 'lazy chunks: none');
if (playerChunks.length) {
  console.log('player chunks, loaded only when a player mounts:');
  for (const f of playerChunks) console.log(row(f, `  (${playerParts(f).join(', ')})`));
  console.log(`  total ${String(playerChunks.reduce((sum, f) => sum + gz(f), 0)).padStart(50)} B`);
} else {
  console.log('player chunks: none (no page renders a player yet)');
}

// Every page also loads its locale's messages, a module of their own since they left the document (scripts/build-
// client.mjs): data, not code, so apart from the budget; kept by the browser from one page to the next.
const { messages = {} } = JSON.parse(readFileSync('dist/client/assets/preload.json', 'utf8'));
console.log('messages, one module per locale (each page loads its own):');
for (const [locale, url] of Object.entries(messages)) console.log(row(`dist/client${url}`, `  (${locale})`));

/** Chat code (the socket, the panel) loads with the channel page, never with the home page. */
const CHAT_CODE = (input) => input.includes('node_modules/partysocket/') || input.startsWith('client/realtime/') || input.startsWith('client/components/chat/');

let failed = false;
for (const f of firstLoad) {
  const chat = Object.keys(meta.outputs[f]?.inputs ?? {}).filter(CHAT_CODE);
  if (chat.length) {
    console.error(`${f} is in the home page's first load but carries chat code (${chat.join(', ')}): it must load only with the channel page`);
    failed = true;
  }
  // LazyPlayer starts fetching the player as soon as it evaluates, so it must not be here either.
  const parts = [...playerParts(f), ...(Object.keys(meta.outputs[f]?.inputs ?? {}).some((i) => i.endsWith('/player/LazyPlayer.tsx')) ? ['LazyPlayer'] : [])];
  if (parts.length) {
    console.error(`${f} is in the home page's first load but carries ${parts.join(', ')}: it must load only with a player`);
    failed = true;
  }
}
// Building zod schemas costs the main thread at load (the clip button's chunk once built 130 of the streams' schemas
// for two numbers: 24 ms of a 4x slower phone's 100): the client takes constants from modules without zod, and
// only these construct schemas in it.
const CLIENT_SCHEMAS = {
  'src/shared/chat-protocol.ts': "the chat parses every frame of the room's socket",
  'src/shared/chat-replay-schemas.ts': 'two small schemas beside the replay constants of the recording page',
  'src/shared/sanction-schemas.ts': 'staff pages only',
  'src/shared/home-content-schemas.ts': 'staff pages only',
};
const buildsSchemas = (input) => input.startsWith('src/') && /^import (?!type)[^;]*from 'zod/m.test(readFileSync(input, 'utf8'));
for (const [file, output] of Object.entries(meta.outputs)) {
  for (const input of Object.keys(output.inputs ?? {}).filter(buildsSchemas)) {
    if (CLIENT_SCHEMAS[input]) continue;
    console.error(`${file} builds the zod schemas of ${input}: take what the client needs from a module without zod (as clip-limits.ts beside clip-schemas.ts)`);
    failed = true;
  }
}
if (total > BUDGET) {
  console.error(`over budget by ${total - BUDGET} B`);
  failed = true;
}
if (failed) process.exit(1);
