// Builds the browser bundle into dist/client (served by Workers static assets):
// assets/main.js + chunks + main.css, the service worker, and each brand's art.
import { build } from 'esbuild';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
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
  alias: { 'use-sync-external-store/shim': './client/app/sync-external-store.ts' },
  metafile: true,
  logLevel: 'warning',
});
await writeFile('dist/client-meta.json', JSON.stringify(result.metafile));
await hintEagerCompile(`${out}/assets/main.js`);
await writeFile(`${out}/assets/preload.json`, JSON.stringify(preloadManifest(result.metafile, await pageTable())));

await cp('public', out, { recursive: true });
// hls.js transmuxes in this worker, off the main thread (hls-engine.ts asks for it with hls.js's version).
await cp('node_modules/hls.js/dist/hls.worker.js', `${out}/assets/hls.worker.js`);
for (const brand of await readdir('brands')) {
  await mkdir(join(out, 'brands', brand), { recursive: true });
  for (const file of await readdir(join('brands', brand))) {
    if (file.endsWith('.svg')) await cp(join('brands', brand, file), join(out, 'brands', brand, file));
  }
}
await checkAssetRouting();
console.log(`client built into ${out}`);

/**
 * wrangler.toml sends every path to the Worker first except the folders and files it names (run_worker_first's
 * "!" patterns); a top-level entry written here that it does not name would never be served as an asset.
 */
async function checkAssetRouting() {
  const toml = await readFile('wrangler.toml', 'utf8');
  const named = new Set([...toml.matchAll(/"!\/([^"/*]+)(?:\/\*)?"/g)].map((m) => m[1]));
  const unnamed = (await readdir(out)).filter((entry) => !named.has(entry));
  if (unnamed.length) throw new Error(`dist/client has ${unnamed.join(', ')}, which wrangler.toml's run_worker_first does not exclude: add "!/<name>" (or "!/<name>/*") there`);
}

/**
 * Chromium's explicit compile hint (`//# allFunctionsCalledOnLoad` as the file's first line) for main.js:
 * nearly all of it (React DOM, the router) runs at load. Without it V8 compiles React DOM's CommonJS
 * wrapper lazily, on the main thread, when the module graph evaluates: ~15 ms here, one long task under
 * Lighthouse's 4x throttle. With it the compile happens while the script streams in, off the main thread.
 * Other browsers read a comment. The source map gains an empty first line to match.
 */
async function hintEagerCompile(file) {
  await writeFile(file, `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`);
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  map.mappings = `;${map.mappings}`;
  await writeFile(`${file}.map`, JSON.stringify(map));
}

/** PAGES of src/shared/page-props.ts (page key -> module under client/pages/), compiled here to be read. */
async function pageTable() {
  const compiled = await build({ entryPoints: ['src/shared/page-props.ts'], bundle: true, write: false, format: 'esm', logLevel: 'warning' });
  const { PAGES } = await import(`data:text/javascript,${encodeURIComponent(compiled.outputFiles[0].text)}`);
  return PAGES;
}

/**
 * For each lazily imported module (pages, the player, hls.js), the chunk files it needs beyond what
 * main.js already loads, so the Worker can emit <link rel="modulepreload"> for a page's own code and
 * the browser fetches it while main.js is still arriving (src/render/preload.ts). Pages are listed
 * again by their key, as the Worker knows them; a page in main.js has none.
 */
function preloadManifest(metafile, pageModules) {
  const outputs = metafile.outputs;
  const toUrl = (file) => `/${file.slice(out.length + 1)}`;
  const closure = (file, seen = new Set()) => {
    if (seen.has(file) || !outputs[file]) return seen;
    seen.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') closure(imported.path, seen);
    return seen;
  };
  const mainFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'client/main.tsx');
  const base = closure(mainFile);
  const modules = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint || file === mainFile || !file.endsWith('.js')) continue;
    modules[output.entryPoint] = [...closure(file)].filter((f) => !base.has(f)).map(toUrl);
  }
  // A page that loads on demand needs the page table's chunk first (client/app/pages.ts), then its own.
  const table = modules['client/app/page-loaders.ts'] ?? [];
  const pages = Object.fromEntries(
    Object.entries(pageModules).map(([key, name]) => {
      const own = modules[`client/pages/${name}.tsx`];
      return [key, own ? [...new Set([...table, ...own])] : []];
    }),
  );
  return { main: [...base].filter((f) => f !== mainFile).map(toUrl), pages, modules };
}
