// Guest pages from the edge cache (docs/architecture.md, Page cache). A guest's page carries nothing of its viewer: its
// props hold no member, and what they do hold that differs between guests (brand, locale, device class,
// app type and version, path) is the key. Cookies the middleware sets (device id, XSRF token) ride on the
// response, not in the body; the document's script nonce is replaced by each answer's own (withFreshNonce).
// So one copy serves every guest asking the same.
//
// Kept per key: the page props (the X-Page-Props answer, and what the HTML and a member's home page are
// made from) and the rendered document, each until PAGE_CACHE_TTL_S after its data was read or until a
// purge of a scope it depends on (src/edge-cache/epochs.ts). Never kept: anything but a 200, a page whose
// data did not load in full (it renders empty: load.ts), a render that reported an error. The gate runs
// before any of this, so maintenance and emergency redirects are never cached and never bypassed.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../shared/constants';
import type { AppEnv } from '../lib/env';
import { MEMBER_SLOT, type Me, type PageProps, type WireProps } from '../shared/page-props';
import type { Brand } from '../shared/brand-schema';
import { EDGE_CACHE_HEADER } from '../shared/page-cache';
import { PAGE_SCOPES, currentEpochs, expiryFromNow, lookup, parsed, store, type CacheEntry } from '../edge-cache';
import {
  HTML_CONTENT_TYPE,
  JSON_CONTENT_TYPE,
  fromWire,
  joinedAround,
  pageHeaders,
  renderBytes,
  respond,
  respondCapturing,
  splitAround,
  splitAtNonce,
  wantsProps,
  wirePropsOf,
  withFreshNonce,
} from '../render/respond';
import { scriptSafe } from '../render/document';
import { waitUntil } from '../proxy/caller';
import { buildIdOf } from '../render/preload';

/**
 * Records the purge counters a page's data depends on. Call it before reading the data it guards: a
 * purge that lands between the two then only makes the kept copy unusable, never leaves it looking current.
 */
export type Depend = (...scopes: string[]) => Promise<void>;

/**
 * What a page's loader answers: its props, `complete` when every call behind them answered (only then
 * may they be kept), or any other answer (a 404, a redirect), which is never kept.
 */
export type PageBuild = { props: PageProps; complete: boolean } | { response: Response | Promise<Response> };

/** A request that keeps nothing (a member's, or one the cache does not take). */
export const noDepend: Depend = async () => {};

const APP_VERSION = /^\d{1,4}(?:\.\d{1,4})?$/;

/**
 * Whether the cache may answer: a guest's GET without a query. The query is part of the props, and a
 * link with one (a partner code, a campaign tag) renders afresh rather than filling the cache with
 * variants; so does an app version outside the wrapper's own pattern.
 */
export function guestCacheable(c: Context<AppEnv>): boolean {
  return !c.var.loggedIn && !holdsGuestPass(c) && keepable(c);
}

/** A guest with an adult pass sees adult broadcasts others do not: their pages are their own, like a member's. */
const holdsGuestPass = (c: Context<AppEnv>) => getCookie(c, COOKIE.guestPass) !== undefined;

/** A GET without a query, from a browser or an app version of the wrapper's own pattern. */
function keepable(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET' || new URL(c.req.url).search !== '') return false;
  return c.var.appVersion === null || APP_VERSION.test(String(c.var.appVersion));
}

/** A short fingerprint of a brand's settings, made once per brand object (the registry keeps them a minute). */
const brandPrints = new WeakMap<Brand, string>();
export function brandPrint(brand: Brand): string {
  let print = brandPrints.get(brand);
  if (print === undefined) {
    // FNV-1a over the settings: the page carries them, so ops changing a brand (KV) changes its key.
    let hash = 0x811c9dc5;
    for (const ch of JSON.stringify(brand)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    print = hash.toString(36);
    brandPrints.set(brand, print);
  }
  return print;
}

/**
 * The keys of a guest's copies. They name the build: a copy kept by the last one names its messages module and
 * was rendered by its code, both gone once a new build is served (its page would not hydrate).
 */
async function keysOf(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const { brand, locale, appType, isMobile, appVersion } = c.var;
  const build = await buildIdOf(c);
  const viewer = `${build}|${brand.id}.${brandPrint(brand)}|${locale}|${appType}|${isMobile ? 'mobile' : 'desktop'}|${appVersion ?? '-'}|${url.pathname}`;
  return { origin: url.origin, props: `props|${viewer}`, html: `html|${viewer}`, members: `members|${viewer}` };
}

/** Builds under way in this isolate, by key: concurrent misses wait for the first one's entry. */
const building = new Map<string, Promise<CacheEntry | null>>();

function claim(key: string): (entry: CacheEntry | null) => void {
  let settle!: (entry: CacheEntry | null) => void;
  const promise = new Promise<CacheEntry | null>((resolve) => (settle = resolve));
  building.set(key, promise);
  return (entry) => {
    if (building.get(key) === promise) building.delete(key);
    settle(entry);
  };
}

async function find(c: Context<AppEnv>, origin: string, key: string): Promise<CacheEntry | null> {
  return (await lookup(c.env, origin, key)) ?? (await building.get(key)) ?? null;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** A kept copy's props: its body is what the browser gets (WireProps), read back with the bundled messages. */
const propsOf = (entry: CacheEntry) => parsed(entry, (body) => fromWire(JSON.parse(decoder.decode(body)) as WireProps));

/** A kept document's bytes around the nonce it was rendered with, split once per kept copy. */
const nonceParts = (entry: CacheEntry, nonce: string) => parsed(entry, (body) => splitAtNonce(body, nonce));

function serve(c: Context<AppEnv>, entry: CacheEntry, how: 'HIT' | 'MISS'): Response {
  pageHeaders(c);
  c.header(EDGE_CACHE_HEADER, how);
  const body = entry.nonce ? withFreshNonce(c, nonceParts(entry, entry.nonce)) : entry.body;
  return c.body(body, 200, { 'content-type': entry.contentType });
}

/** Run a loader with the site-wide counter and whatever it depends on recorded; null counters: not kept. */
async function load(c: Context<AppEnv>, build: (depend: Depend) => Promise<PageBuild>): Promise<{ built: PageBuild; epochs: Record<string, number> | null }> {
  let epochs: Record<string, number> | null = {};
  const depend: Depend = async (...scopes) => {
    const values = await currentEpochs(c.env, scopes);
    if (!values) epochs = null;
    else if (epochs) for (const [i, scope] of scopes.entries()) epochs[scope] = values[i]!;
  };
  await depend(PAGE_SCOPES.site);
  const built = await build(depend);
  return { built, epochs };
}

/**
 * The guest props under `keys.props`: the kept copy, else built (and kept when complete). Concurrent
 * requests for them share one build.
 */
async function guestProps(
  c: Context<AppEnv>,
  keys: Awaited<ReturnType<typeof keysOf>>,
  build: (depend: Depend) => Promise<PageBuild>,
): Promise<{ entry: CacheEntry; kept: boolean } | { built: PageBuild }> {
  const ready = await find(c, keys.origin, keys.props);
  if (ready) return { entry: ready, kept: true };
  const done = claim(keys.props);
  try {
    const { built, epochs } = await load(c, build);
    if ('response' in built || !built.complete || !epochs) {
      done(null);
      return { built };
    }
    const body = encoder.encode(JSON.stringify(await wirePropsOf(c, built.props))) as Uint8Array<ArrayBuffer>;
    const entry: CacheEntry = { body, contentType: JSON_CONTENT_TYPE, expires: expiryFromNow(c.env), epochs, memo: built.props };
    store(keys.origin, keys.props, entry, (p) => waitUntil(c, p));
    done(entry);
    return { entry, kept: false };
  } catch (err) {
    done(null);
    throw err;
  }
}

/**
 * A guest's page: from the cache when it holds a current copy (X-Edge-Cache: HIT), else built, answered
 * and kept (MISS). Requests the cache does not take (guestCacheable) are simply built and answered.
 */
export async function guestPage(c: Context<AppEnv>, build: (depend: Depend) => Promise<PageBuild>): Promise<Response> {
  if (!guestCacheable(c)) {
    const built = await build(noDepend);
    return 'response' in built ? built.response : respond(c, built.props);
  }
  const keys = await keysOf(c);
  const as = wantsProps(c) ? 'props' : 'html';
  const ready = await find(c, keys.origin, keys[as]);
  if (ready) return serve(c, ready, 'HIT');

  if (as === 'props') {
    const got = await guestProps(c, keys, build);
    return 'entry' in got ? serve(c, got.entry, got.kept ? 'HIT' : 'MISS') : answerUnkept(c, got.built);
  }

  // The document: rendered from the kept props when there are some, else from a fresh build.
  const done = claim(keys.html);
  let entry: CacheEntry | null = null;
  try {
    const got = await guestProps(c, keys, build);
    if (!('entry' in got)) return answerUnkept(c, got.built);
    const source = got.entry;
    c.header(EDGE_CACHE_HEADER, 'MISS');
    const { response, body, nonce } = await respondCapturing(c, propsOf(source));
    // The document shows the props' data: it lives no longer than they do and falls with them.
    if (body) {
      entry = { body, contentType: HTML_CONTENT_TYPE, expires: source.expires, epochs: source.epochs, nonce };
      store(keys.origin, keys.html, entry, (p) => waitUntil(c, p));
    }
    return response;
  } finally {
    done(entry);
  }
}

function answerUnkept(c: Context<AppEnv>, built: PageBuild): Response | Promise<Response> {
  c.header(EDGE_CACHE_HEADER, 'MISS');
  return 'response' in built ? built.response : respond(c, built.props);
}

/**
 * The props every guest gets at this path (the shared part a member's page starts from): the kept copy,
 * else built as a guest and kept when the cache may take this path; null when the loader answered
 * something other than props (a 404, a redirect).
 */
export async function sharedGuestProps(c: Context<AppEnv>, build: (depend: Depend) => Promise<PageBuild>): Promise<PageProps | null> {
  if (!keepable(c)) {
    const built = await build(noDepend);
    return 'props' in built ? built.props : null;
  }
  const got = await guestProps(c, await keysOf(c), build);
  if ('entry' in got) return propsOf(got.entry);
  return 'props' in got.built ? got.built.props : null;
}

/** The members' copy's props block where its member goes: `"pendingMe":` and the slot, as the document writes them. */
const MEMBER_MARKER = `"pendingMe":${JSON.stringify(MEMBER_SLOT)}`;

/** A kept members' copy split around its member's place and its nonce, once per kept copy. */
const memberParts = (entry: CacheEntry) => parsed(entry, (body) => splitAround(body, MEMBER_MARKER, entry.nonce));

function serveMember(c: Context<AppEnv>, entry: CacheEntry, me: Me, how: 'HIT' | 'MISS'): Response | null {
  const parts = memberParts(entry);
  if (!parts) return null;
  pageHeaders(c);
  c.header(EDGE_CACHE_HEADER, how);
  return c.body(joinedAround(c, parts, `"pendingMe":${scriptSafe(JSON.stringify(me))}`), 200, { 'content-type': entry.contentType });
}

/**
 * A member's page that differs from a guest's only in its member (their home): the document comes from a copy every
 * member asking the same shares, rendered once from the guests' props with the member's places held
 * (PageProps.pendingMe), and each answer writes its member into the props block; the page puts them in right after
 * hydration. `withMember` makes the page's props from the guests' (null when their loader answered otherwise).
 * Anything the cache does not take (a query, in-app navigation's props, a copy that could not be kept) is rendered
 * for the member afresh, as before.
 */
export async function memberPage(c: Context<AppEnv>, me: Me, build: (depend: Depend) => Promise<PageBuild>, withMember: (shared: PageProps | null, me: Me) => PageProps): Promise<Response> {
  if (!keepable(c) || wantsProps(c)) return respond(c, withMember(await sharedGuestProps(c, build), me));
  const keys = await keysOf(c);
  const ready = await find(c, keys.origin, keys.members);
  const served = ready && serveMember(c, ready, me, 'HIT');
  if (served) return served;

  const done = claim(keys.members);
  let entry: CacheEntry | null = null;
  try {
    const got = await guestProps(c, keys, build);
    if (!('entry' in got)) return respond(c, withMember('props' in got.built ? got.built.props : null, me));
    const source = got.entry;
    const shared: PageProps = { ...withMember(propsOf(source), me), me: null, pendingMe: MEMBER_SLOT };
    const { bytes, failed, nonce } = await renderBytes(c, shared);
    const made: CacheEntry = { body: bytes, contentType: HTML_CONTENT_TYPE, expires: source.expires, epochs: source.epochs, nonce };
    const answer = failed ? null : serveMember(c, made, me, 'MISS');
    if (!answer) return respond(c, withMember(propsOf(source), me));
    // Like the guests' document, it lives no longer than the props it shows and falls with them.
    entry = made;
    store(keys.origin, keys.members, entry, (p) => waitUntil(c, p));
    return answer;
  } finally {
    done(entry);
  }
}
