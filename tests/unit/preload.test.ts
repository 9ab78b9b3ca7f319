/// <reference types="vite/client" />
// The modulepreload hints of the built client (node scripts/build.mjs first): the Worker, reading the
// build's assets/preload.json, hints each page's own chunk and, on a page that plays HLS, the player's.
import { env } from 'cloudflare:test';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/lib/env';
import { chatBootFor } from '../../src/render/document';
import { MSE_PLAYER_MODULES, PLAYER_MODULES, msePreloadsFor, playerBootFor, preloadsFor } from '../../src/render/preload';
import { PAGES, type PageKey, type PageProps } from '../../src/shared/page-props';

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string }[] }>;
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
}
const built = import.meta.glob<Metafile>('/dist/client-meta.json', { eager: true, import: 'default' });
const metafile = built['/dist/client-meta.json']!;

/** The URL of the chunk the build made for a lazily imported module; undefined for code in main.js. */
function chunkOf(module: string): string | undefined {
  const file = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]!.entryPoint === module);
  return file && `/${file.slice('dist/client/'.length)}`;
}

const context = { env } as unknown as Context<AppEnv>;
const hintsFor = (page: PageKey, data: Record<string, unknown> = {}) => preloadsFor(context, { page, data } as PageProps);
const hlsChannel = { channelPage: { live: { playback: { playerType: 'HLS', url: '/live/x.m3u8' } } } };

/** Pages whose code is in main.js: the home page and the notices. Every other page loads on demand. */
const IN_MAIN: PageKey[] = ['HOME', 'MAINTENANCE', 'NOT_FOUND'];

describe('modulepreload hints', () => {
  it('reads a build', () => {
    expect(metafile, 'run node scripts/build.mjs first').toBeDefined();
  });

  it("name the chunk of each page's own module, for every page that loads on demand", async () => {
    const main = await hintsFor('HOME');
    for (const key of Object.keys(PAGES) as PageKey[]) {
      const chunk = chunkOf(`client/pages/${PAGES[key]}.tsx`);
      if (IN_MAIN.includes(key)) {
        expect(chunk, key).toBeUndefined();
        expect(await hintsFor(key), key).toEqual(main);
      } else {
        expect(chunk, key).toBeDefined();
        expect(await hintsFor(key), key).toContain(chunk);
        // The page table's chunk too: the page's code is found through it (client/app/pages.ts).
        expect(await hintsFor(key), key).toContain(chunkOf('client/app/page-loaders.ts'));
      }
    }
  });

  it('name the player that LazyPlayer imports on a page that plays HLS, not hls.js, and no player elsewhere', async () => {
    const lazyImports = metafile.inputs['client/components/player/LazyPlayer.tsx']!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    const playing = await hintsFor('CHANNEL', hlsChannel);
    const notPlaying = await hintsFor('CHANNEL');
    for (const module of PLAYER_MODULES) {
      expect(lazyImports, module).toContain(module);
      expect(playing, module).toContain(chunkOf(module));
      expect(notPlaying, module).not.toContain(chunkOf(module));
    }
    expect(playing).not.toContain(chunkOf('client/components/player/hls-engine.ts'));
  });

  it('name hls.js apart, for browsers with MSE, on a page that plays HLS only', async () => {
    const mseHints = (page: PageKey, data: Record<string, unknown> = {}) => msePreloadsFor(context, { page, data } as PageProps);
    const lazyImports = metafile.inputs['client/components/player/engine.ts']!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    for (const module of MSE_PLAYER_MODULES) {
      expect(lazyImports, module).toContain(module);
      expect(await mseHints('CHANNEL', hlsChannel), module).toContain(chunkOf(module));
    }
    // hls.js imports from the player's boot chunk, which the boot script imports itself, before any hint.
    const boot = await playerBootFor(context, { page: 'CHANNEL', data: hlsChannel } as PageProps);
    expect(boot).not.toBeNull();
    expect(await mseHints('CHANNEL', hlsChannel)).not.toContain(boot);
    expect(await mseHints('CHANNEL')).toEqual([]);
    expect(await mseHints('CHANNEL', { channelPage: { live: { playback: { playerType: 'BYTEPLUS', source: 'bp_flv', url: '/x.flv' } } } })).toEqual([]);
    expect(await mseHints('HOME')).toEqual([]);
  });
});

describe("the player's boot module", () => {
  const BOOT = 'client/components/player/player-boot.ts';
  const bootFile = Object.keys(metafile.outputs).find((file) => BOOT in metafile.outputs[file]!.inputs)!;

  it('is named on a page that plays HLS, and nowhere else', async () => {
    const bootFor = (page: PageKey, data: Record<string, unknown> = {}) => playerBootFor(context, { page, data } as PageProps);
    expect(bootFile).toBeDefined();
    const boot = `/${bootFile.slice('dist/client/'.length)}`;
    expect(await bootFor('CHANNEL', hlsChannel)).toEqual(boot);
    expect(await bootFor('VOD', { stream: { playback: { playerType: 'HLS', url: '/vod/1/index.m3u8' } } })).toEqual(boot);
    expect(await bootFor('CHANNEL')).toBeNull();
    expect(await bootFor('CHANNEL', { channelPage: { live: { playback: { playerType: 'BYTEPLUS', source: 'bp_flv', url: '/x.flv' } } } })).toBeNull();
    expect(await bootFor('HOME')).toBeNull();
  });

  it("runs as soon as its own file is in: it imports nothing statically, not even the bundler's runtime", () => {
    // A page left before its player mounted releases the boot by an event: an import() of the chunk would give it a
    // namespace object from the runtime, one more file to wait for.
    expect(metafile.outputs[bootFile]!.imports.filter((i) => i.kind === 'import-statement')).toEqual([]);
    // hls.js stays its own chunk, asked for when the engine starts.
    expect(metafile.outputs[bootFile]!.imports).toContainEqual({ path: chunkOf('client/components/player/hls-engine.ts')!.replace('/assets/', 'dist/client/assets/'), kind: 'dynamic-import' });
  });
});

describe("the chat's early join (client/realtime/chat-boot.ts, run by the player's boot chunk)", () => {
  it("names the live channel page's room, as its chat joins it, only where the player boots", () => {
    const boot = '/assets/player-boot.js';
    const channel = (me: unknown, live: unknown) => ({ page: 'CHANNEL', me, data: { channelPage: { channel: { channelId: 7 }, live } } }) as unknown as PageProps;
    expect(chatBootFor(channel(null, { streamId: 3 }), boot)).toEqual({ room: '7', member: false, streamId: 3 });
    expect(chatBootFor(channel({ loginId: 'a' }, { streamId: 3 }), boot)).toEqual({ room: '7', member: true, streamId: 3 });
    // No player booting (no live, or not one the boot plays): the chat connects once it mounts.
    expect(chatBootFor(channel(null, null), boot)).toBeNull();
    expect(chatBootFor(channel(null, { streamId: 3 }), null)).toBeNull();
    expect(chatBootFor({ page: 'VOD', me: null, data: {} } as unknown as PageProps, boot)).toBeNull();
  });
});

// Chromium compiles a file that starts with this comment while it streams in, off the main thread
// (scripts/build-client.mjs): the files whose code nearly all runs as they load, and no others.
const sources = import.meta.glob<string>(['/dist/client/assets/main.js', '/dist/client/assets/{hls-engine,flv,ChannelPage}-*.js'], { eager: true, query: '?raw', import: 'default' });
const sourceOf = (module: string) => sources[`/dist/client/assets/${chunkOf(module)!.slice('/assets/'.length)}`]!;
const HINT = '//# allFunctionsCalledOnLoad\n';

describe('compile hints', () => {
  it('start main.js and mpegts.js, not hls.js (hinted with the page: it would compile while the page hydrates) nor a page chunk', () => {
    expect(sources['/dist/client/assets/main.js']!.startsWith(HINT)).toBe(true);
    expect(sourceOf('client/components/player/hls-engine.ts').startsWith(HINT)).toBe(false);
    expect(sourceOf('client/components/player/flv.ts').startsWith(HINT)).toBe(true);
    expect(sourceOf('client/pages/ChannelPage.tsx').startsWith(HINT)).toBe(false);
  });
});
