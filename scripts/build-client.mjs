// Builds the browser bundle into dist/client (served by Workers static assets):
// assets/main.js + chunks + main.css, the service worker, and each brand's art.
//
// Rolldown bundles the scripts: unlike esbuild it can merge code that many lazy pages share into one chunk, so
// the channel page loads 19 script files (with its chat, before hls.js) where esbuild's split needed 46, and the
// home page 3 instead of 17. Each request costs the browser, the network process and workerd time while the page
// hydrates; in 12 interleaved Lighthouse pairs the channel page scored a median of 97 against 91.
// esbuild still bundles the stylesheet (rolldown's CSS support is experimental) and reads the page table.
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';

const out = 'dist/client';
const TARGET = ['chrome100', 'safari15', 'firefox100'];

/**
 * The player engines that carry the compile hint (hintEagerCompile): almost all of mpegts.js runs in the first
 * second of playback. hls.js did too: compiled lazily, the first playlist was a 16-20 ms main-thread task of
 * compiles under Lighthouse's 4x throttle, and the hint took the channel page's median TBT from 134 and 120 ms to
 * 97 and 78 ms. Since hls.js is fetched with the page's code (src/render/preload.ts), the hint
 * would compile all of it while the page hydrates: Lighthouse's channel page then had a median TBT of 231 ms
 * (score 96) against 93 ms (99) without it, in 5 runs each.
 */
const ENGINES = ['client/components/player/flv.ts'];
await rm(out, { recursive: true, force: true });
await mkdir(`${out}/assets`, { recursive: true });

const modules = new Map(); // module path -> its imports, recorded as rolldown parses it
let mainModules; // loadedByMain's answer, once asked
let bootModules; // loadedByBoot's
/** The player's boot module: src/render/preload.ts names its chunk (preload.json's `boot`) for the boot script. */
const PLAYER_BOOT = 'client/components/player/player-boot.ts';
const bundle = await rolldown({
  input: { main: 'client/main.tsx' },
  resolve: { alias: { 'use-sync-external-store/shim': join(process.cwd(), 'client/app/sync-external-store.ts') } },
  // A production build as libraries know one: React reads NODE_ENV, jotai `import.meta.env.MODE` (Vite's), and
  // both leave their development checks out of the bundle for it (jotai's were 0.5 KB of the home page's first load).
  transform: { jsx: 'react-jsx', target: TARGET, define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.MODE': '"production"', 'import.meta.env': '{}' } },
  preserveEntrySignatures: 'allow-extension', // what includeDependenciesRecursively: false needs (below)
  moduleTypes: { '.css': 'empty' }, // main.tsx imports the stylesheet; esbuild builds it below
  plugins: [{ name: 'record-imports', moduleParsed: ({ id, importedIds, dynamicallyImportedIds }) => modules.set(id, { importedIds, dynamicallyImportedIds }) }],
  logLevel: 'warn',
  // jotai and swr start with 'use client', which means nothing outside React Server Components.
  onLog: (level, log, handler) => log.code !== 'MODULE_LEVEL_DIRECTIVE' && handler(level, log),
});
const { output } = await bundle.write({
  dir: `${out}/assets`,
  format: 'esm',
  minify: true,
  sourcemap: true,
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  // Code that four or more of the lazily loaded modules (pages, the player, the chat) share goes into one chunk,
  // instead of one small chunk per combination of modules that use it. Code main.js loads stays out of it (with
  // it, main.js and that chunk imported each other), and so do the captured modules' own imports (React, jotai,
  // swr, which main.js loads), or the home page would load the pages' shared code too: 90.6 KB gzip, over its
  // budget, instead of 84.4. Chunks may then import each other in a circle, where modules could run before what
  // they import; checkChunkOrder below fails the build if one does.
  // The player's boot module (imported by the document's boot script before main.js, to start the video before the
  // page hydrates) gets a chunk of its own with all it imports, so it runs as soon as that one file is in, not once
  // main.js and the pages' shared chunk have loaded too.
  codeSplitting: {
    includeDependenciesRecursively: false,
    groups: [
      { name: 'player-boot', priority: 1, test: (id) => loadedByBoot().has(id) && !loadedByMain().has(id) },
      { name: 'common', minShareCount: 4, test: (id) => !loadedByMain().has(id) },
    ],
  },
});
await bundle.close();

await build({ entryPoints: { main: 'client/styles/app.css' }, outdir: `${out}/assets`, bundle: true, minify: true, sourcemap: 'linked', target: TARGET, logLevel: 'warning' });

const meta = metafile(output, modules);
checkChunkOrder(meta);
await writeFile('dist/client-meta.json', JSON.stringify(meta));
for (const file of eagerlyCompiled(meta)) await hintEagerCompile(file);
const messages = await writeMessageModules();
// The build's name: main.js and the messages' modules, whose names carry their own hashes. The edge cache keeps a
// page per build (src/pages/guest-cache.ts): a copy from the last build names messages and code that are gone.
const buildId = createHash('sha256')
  .update(await readFile(`${out}/assets/main.js`))
  .update(JSON.stringify(messages))
  .digest('hex')
  .slice(0, 12);
await writeFile(`${out}/assets/preload.json`, JSON.stringify({ build: buildId, ...preloadManifest(meta, await pageTable()), messages }));

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

/** The files whose code nearly all runs as soon as they load: the first load, and the hinted engines' chunks. */
function eagerlyCompiled(meta) {
  const entries = Object.keys(meta.outputs).filter((file) => ['client/main.tsx', ...ENGINES].includes(meta.outputs[file].entryPoint));
  return new Set(entries.flatMap((file) => [...firstLoad(meta, file)]));
}

/**
 * Chromium's explicit compile hint (`//# allFunctionsCalledOnLoad` as the file's first line) for the files of
 * eagerlyCompiled: nearly all of main.js and what it imports (React DOM, the router) runs at load. Without it V8
 * compiles React DOM's CommonJS wrapper lazily, on the main thread, when the module graph evaluates: ~15 ms here,
 * one long task under Lighthouse's 4x throttle. With it the compile happens while the script streams in, off the
 * main thread. Other browsers read a comment. The source map gains an empty first line to match.
 */
async function hintEagerCompile(file) {
  await writeFile(file, `//# allFunctionsCalledOnLoad\n${await readFile(file, 'utf8')}`);
  const map = await readFile(`${file}.map`, 'utf8').catch(() => null); // rolldown's runtime helpers have none
  if (!map) return;
  const parsed = JSON.parse(map);
  parsed.mappings = `;${parsed.mappings}`;
  await writeFile(`${file}.map`, JSON.stringify(parsed));
}

/**
 * The bundle's chunk graph, written in the shape of esbuild's metafile as far as this repo reads it
 * (scripts/size.mjs, tests/unit/preload.test.ts, preloadManifest below): `outputs` by file, each with the module
 * it is the entry of (main.tsx, or a lazily imported one), the chunks it imports (kind `import-statement` or
 * `dynamic-import`) and the modules it carries; `inputs` by module path, each with what it imports.
 */
function metafile(output, parsed) {
  const path = (id) => (id.startsWith('\0') ? id : relative(process.cwd(), id).split('\\').join('/'));
  const file = (name) => `${out}/assets/${name}`;
  const imports = (statics, dynamics, to) => [...statics.map((p) => ({ path: to(p), kind: 'import-statement' })), ...dynamics.map((p) => ({ path: to(p), kind: 'dynamic-import' }))];
  const outputs = {};
  for (const chunk of output.filter((o) => o.type === 'chunk')) {
    outputs[file(chunk.fileName)] = {
      ...(chunk.facadeModuleId && (chunk.isEntry || chunk.isDynamicEntry) ? { entryPoint: path(chunk.facadeModuleId) } : {}),
      imports: imports(chunk.imports, chunk.dynamicImports, file),
      inputs: Object.fromEntries(
        Object.entries(chunk.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id, module]) => [path(id), { bytesInOutput: module.renderedLength }]),
      ),
    };
  }
  const inputs = {};
  for (const [id, info] of parsed) inputs[path(id)] = { imports: imports(info.importedIds, info.dynamicallyImportedIds, path) };
  return { inputs, outputs };
}

/** The modules main.tsx imports statically, at any depth (known once rolldown has parsed them all). */
function loadedByMain() {
  mainModules ??= reachable(join(process.cwd(), 'client/main.tsx'), (id) => modules.get(id)?.importedIds ?? []);
  return mainModules;
}

/** The modules the player's boot module imports statically, at any depth. */
function loadedByBoot() {
  bootModules ??= reachable(join(process.cwd(), PLAYER_BOOT), (id) => modules.get(id)?.importedIds ?? []);
  return bootModules;
}

/** `start` and everything `next` leads to from it, at any depth. */
function reachable(start, next, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const item of next(start)) reachable(item, next, seen);
  return seen;
}

/** Fails when chunks import each other statically in a circle: a module there could run before its imports. */
function checkChunkOrder(meta) {
  const state = new Map(); // file -> 'visiting' | 'done'
  const visit = (file, path) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') throw new Error(`chunks import each other in a circle: ${[...path.slice(path.indexOf(file)), file].join(' -> ')}`);
    state.set(file, 'visiting');
    for (const imported of staticImports(meta, file)) visit(imported, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of Object.keys(meta.outputs)) visit(file, []);
}

/** The chunks a file imports statically (what must load before it runs). */
function staticImports(meta, file) {
  return (meta.outputs[file]?.imports ?? []).filter((imported) => imported.kind === 'import-statement').map((imported) => imported.path);
}

/** A file and every chunk it imports statically, at any depth: what loads with it. */
function firstLoad(meta, file) {
  return reachable(file, (f) => staticImports(meta, f));
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
function preloadManifest(meta, pageModules) {
  const outputs = meta.outputs;
  const toUrl = (file) => `/${file.slice(out.length + 1)}`;
  const mainFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'client/main.tsx');
  const base = firstLoad(meta, mainFile);
  const modules = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint || file === mainFile || !file.endsWith('.js')) continue;
    modules[output.entryPoint] = [...firstLoad(meta, file)].filter((f) => !base.has(f)).map(toUrl);
  }
  // A page that loads on demand needs the page table's chunk first (client/app/pages.ts), then its own.
  const table = modules['client/app/page-loaders.ts'] ?? [];
  const pages = Object.fromEntries(
    Object.entries(pageModules).map(([key, name]) => {
      const own = modules[`client/pages/${name}.tsx`];
      return [key, own ? [...new Set([...table, ...own])] : []];
    }),
  );
  const boot = Object.keys(outputs).find((file) => PLAYER_BOOT in (outputs[file].inputs ?? {}));
  return { main: [...base].filter((f) => f !== mainFile).map(toUrl), pages, modules, boot: boot && toUrl(boot) };
}

/**
 * Each locale's messages as a module of its own, named by its content's hash: `export default JSON.parse('…')`
 * (a string literal parses faster than the same object written as code). Pages name theirs instead of carrying
 * it in their props: it was 69 KB of the home page's 77 KB (ko; th's is 120 KB), sent again with every document
 * and every in-app navigation's props. Now the browser fetches it alongside main.js (the boot script's hints)
 * and keeps it: the name changes only when the text does. Returns each locale's URL, for assets/preload.json.
 */
async function writeMessageModules() {
  const urls = {};
  for (const file of (await readdir('locales')).filter((name) => name.endsWith('.json')).sort()) {
    const locale = file.slice(0, -'.json'.length);
    const json = JSON.stringify(JSON.parse(await readFile(join('locales', file), 'utf8')));
    const code = `export default JSON.parse(${JSON.stringify(json)});\n`;
    const name = `messages-${locale}-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
    await writeFile(`${out}/assets/${name}`, code);
    urls[locale] = `/assets/${name}`;
  }
  return urls;
}
