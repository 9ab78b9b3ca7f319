// Builds the browser bundle into dist/client (served by Workers static assets):
// assets/main.js + chunks + main.css, the service worker, and each brand's art.
import { build } from 'esbuild';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const out = 'dist/client';
await rm(out, { recursive: true, force: true });
await mkdir(`${out}/assets`, { recursive: true });

const result = await build({
  entryPoints: { main: 'client/main.tsx' },
  outdir: `${out}/assets`,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  target: ['chrome100', 'safari15', 'firefox100'],
  jsx: 'automatic',
  chunkNames: 'chunk-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
});
await writeFile('dist/client-meta.json', JSON.stringify(result.metafile));

await cp('public', out, { recursive: true });
for (const brand of await readdir('brands')) {
  await mkdir(join(out, 'brands', brand), { recursive: true });
  for (const file of await readdir(join('brands', brand))) {
    if (file.endsWith('.svg')) await cp(join('brands', brand, file), join(out, 'brands', brand, file));
  }
}
console.log(`client built into ${out}`);
