import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import type { Locale } from '../shared/locales';
import type { BuildRefs, PageKey, PageProps } from '../shared/page-props';

/**
 * The chunks a page needs beyond main.js, for <link rel="modulepreload"> (added by the document's boot script
 * once the page has painted, src/render/document.tsx). Lazy pages (and the player on pages that play) are
 * otherwise discovered only after main.js has run, one round trip after another; with the hints the
 * browser fetches them alongside main.js. The chunk lists come from the build (assets/preload.json,
 * scripts/build-client.mjs): each page's by its key, the player's by its module; without it a page
 * simply gets no hints.
 */

/** The player's own (small) module, which client/components/player/LazyPlayer.tsx imports for an HLS player. */
export const PLAYER_MODULES = ['client/components/player/Player.tsx'];

/**
 * hls.js, hinted after the page's chunks where the browser has MSE (elsewhere the browser plays HLS itself and the
 * player never imports it: engine-choice.ts); the boot script reads them from data-preload-mse. Fetched with the
 * page's code, it is in when the player mounts, instead of one more round trip after hydration; it has no compile
 * hint, which made the page compile all of hls.js while hydrating (docs/decisions.md, Rendering).
 */
export const MSE_PLAYER_MODULES = ['client/components/player/hls-engine.ts'];

interface PreloadManifest {
  /** The build's name (main.js and the messages' modules, hashed): the edge cache keeps pages per build. */
  build?: string;
  /** Each locale's messages module (page props name it instead of carrying the messages: WireProps). */
  messages?: Partial<Record<Locale, string>>;
  main: string[];
  /** A page's own chunks, by page key (none for a page in main.js). */
  pages: Partial<Record<PageKey, string[]>>;
  /** Each lazily imported module's chunks, by its path. */
  modules: Record<string, string[]>;
  /** The chunk that holds client/components/player/player-boot.ts. */
  boot?: string;
}

/** The manifest, read once per assets binding (one per isolate; a test may bring assets of its own). */
const manifests = new WeakMap<Fetcher, Promise<PreloadManifest | null>>();

function loadManifest(env: Env): Promise<PreloadManifest | null> {
  let manifest = manifests.get(env.ASSETS);
  if (!manifest) {
    manifest = env.ASSETS.fetch('https://assets.local/assets/preload.json')
      .then((res) => (res.ok ? (res.json() as Promise<PreloadManifest>) : null))
      .catch(() => null)
      .then((loaded) => {
        if (!loaded) manifests.delete(env.ASSETS); // try again on a later request (e.g. the build landed after start)
        return loaded;
      });
    manifests.set(env.ASSETS, manifest);
  }
  return manifest;
}

/** Whether the page will mount an HLS player as soon as it hydrates. */
function playsHls(props: PageProps): boolean {
  const playback = props.page === 'CHANNEL' ? props.data.channelPage?.live?.playback : props.page === 'VOD' ? props.data.stream?.playback : props.page === 'CLIP' ? props.data.clip?.playback : null;
  return !!playback && ['HLS', 'IVS', 'NCP'].includes(playback.playerType);
}

export async function preloadsFor(c: Context<AppEnv>, props: PageProps): Promise<string[]> {
  const loaded = await loadManifest(c.env);
  if (!loaded) return [];
  const player = playsHls(props) ? PLAYER_MODULES.flatMap((m) => loaded.modules[m] ?? []) : [];
  // The messages first: the page hydrates only once it has them (client/main.tsx).
  const messages = loaded.messages?.[props.locale];
  return [...new Set([...(messages ? [messages] : []), ...loaded.main, ...(loaded.pages[props.page] ?? []), ...player])];
}

/**
 * The chunks to hint after preloadsFor's only where the browser has MSE: hls.js, on a page that plays HLS. Not the
 * player's boot chunk, which hls.js's imports include and the boot script imports before any hint.
 */
export async function msePreloadsFor(c: Context<AppEnv>, props: PageProps): Promise<string[]> {
  const loaded = playsHls(props) ? await loadManifest(c.env) : null;
  return loaded ? [...new Set(MSE_PLAYER_MODULES.flatMap((m) => loaded.modules[m] ?? []))].filter((chunk) => chunk !== loaded.boot) : [];
}

/**
 * On a page that plays HLS, the chunk of the module that starts the video before the page hydrates
 * (client/components/player/player-boot.ts, which runs as it loads): the boot script imports it before main.js.
 */
export async function playerBootFor(c: Context<AppEnv>, props: PageProps): Promise<string | null> {
  const loaded = playsHls(props) ? await loadManifest(c.env) : null;
  return loaded?.boot ?? null;
}

/** The build's name and the locale's messages module, or null without a build (the props then carry the messages). */
export async function buildRefsFor(c: Context<AppEnv>, locale: Locale): Promise<BuildRefs | null> {
  const loaded = await loadManifest(c.env);
  const messagesUrl = loaded?.messages?.[locale];
  return loaded?.build && messagesUrl ? { build: loaded.build, messagesUrl } : null;
}

/** The build's name from its manifest ('-' without one): a page kept from another build names other files. */
export async function buildIdOf(c: Context<AppEnv>): Promise<string> {
  return (await loadManifest(c.env))?.build ?? '-';
}
