// npm run size: first-load JS of each page kind in gzip bytes, from the esbuild metafile of the last
// `npm run build`. First load = the entry plus every chunk it imports statically; lazy chunks (dynamic
// import) are listed apart. Fails when the home page is over its 90 KB budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 90 * 1024;
const meta = JSON.parse(readFileSync('dist/client-meta.json', 'utf8'));
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

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

const entry = Object.keys(meta.outputs).find((f) => f.endsWith('/main.js'));
const { firstLoad, lazy } = closure(entry);
const total = firstLoad.reduce((sum, f) => sum + gz(f), 0);
console.log('home page first-load JS (gzip):');
for (const f of firstLoad) console.log(`  ${f.padEnd(48)} ${String(gz(f)).padStart(7)} B`);
console.log(`  total ${String(total).padStart(50)} B  (${(total / 1024).toFixed(1)} KB of ${BUDGET / 1024} KB budget)`);
console.log(lazy.length ? `lazy chunks, loaded only where used:\n${lazy.map((f) => `  ${f.padEnd(48)} ${String(gz(f)).padStart(7)} B`).join('\n')}` : 'lazy chunks: none');
if (total > BUDGET) {
  console.error(`over budget by ${total - BUDGET} B`);
  process.exit(1);
}
