import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { preloadPage, renderApp } from '@client/ssr';
import type { AppEnv } from '../lib/env';
import { loadMessages } from '../lib/i18n';
import { PAGE_PROPS_HEADER } from '../shared/constants';
import { publicBrand } from '../shared/brand-schema';
import { toWire, type Me, type PageDataMap, type PageKey, type PageProps, type WireProps } from '../shared/page-props';
import { Document } from './document';
import { buildRefsFor, msePreloadsFor, playerBootFor, preloadsFor } from './preload';
import { RELEASE, type ErrorReportingConfig } from '../shared/release';
import { isProductionEnv } from '../shared/environment';
import { cspNonce } from '../middleware/security-headers';
import { concatBytes } from '../shared/bytes';

const MAX_QUERY_KEYS = 20;
const MAX_QUERY_VALUE = 200;

/** The query as page props: string values only, bounded, so garbage input cannot bloat the page. */
export function pageQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (Object.keys(query).length >= MAX_QUERY_KEYS) break;
    if (key.length <= 40 && !(key in query)) query[key] = value.slice(0, MAX_QUERY_VALUE);
  }
  return query;
}

/** Page K's props around the data its loader sends (of K's type: PageDataMap). */
export function buildPageProps<K extends PageKey>(c: Context<AppEnv>, page: K, data: PageDataMap[K], me: Me | null = null): PageProps<K> {
  const url = new URL(c.req.url);
  // PageProps<K> for a K still open is a type TypeScript cannot build an object for; this one is it for every K.
  return {
    page,
    path: url.pathname + url.search,
    me,
    isMobile: c.var.isMobile,
    appType: c.var.appType,
    appVersion: c.var.appVersion,
    locale: c.var.locale,
    messages: loadMessages(c.var.locale),
    query: pageQuery(url),
    brand: publicBrand(c.var.brand),
    data,
    errorReporting: errorReportingOf(c.env),
  } as PageProps<K>;
}

/** Production reports to its Sentry project (an https DSN) or not at all; development and tests to the local collector. */
function errorReportingOf(env: Env): ErrorReportingConfig | null {
  const environment = env.ENVIRONMENT ?? 'production';
  if (!isProductionEnv(environment)) return { dsn: null, release: RELEASE, environment };
  return env.SENTRY_DSN_BROWSER?.startsWith('https://') ? { dsn: env.SENTRY_DSN_BROWSER, release: RELEASE, environment } : null;
}

/** Whether the client asks for the page's props as JSON (in-app navigation) rather than the document. */
export const wantsProps = (c: Context<AppEnv>) => c.req.header(PAGE_PROPS_HEADER) === '1';

/** What every page answer carries, fresh or from the edge cache: browsers never keep a page. */
export function pageHeaders(c: Context<AppEnv>): void {
  c.header('vary', PAGE_PROPS_HEADER);
  c.header('cache-control', 'private, no-store');
}

/**
 * Answer a page: the HTML document for a document request, the same props as JSON for the client's
 * in-app navigation (X-Page-Props: 1).
 */
export async function respond(c: Context<AppEnv>, props: PageProps, status: ContentfulStatusCode = 200): Promise<Response> {
  pageHeaders(c);
  if (wantsProps(c)) return c.json(await wirePropsOf(c, props), status);
  const { html } = await renderDocument(c, props);
  return c.body(html, status, { 'content-type': HTML_CONTENT_TYPE });
}

/** The props as the browser gets them (WireProps): naming the build and the messages' module once there is a build. */
export async function wirePropsOf(c: Context<AppEnv>, props: PageProps): Promise<WireProps> {
  return toWire(props, await buildRefsFor(c, props.locale));
}

/**
 * Props read back from their wire form (a kept copy in the edge cache): the messages are the bundled ones of
 * their locale, the same object the server renders with.
 */
export function fromWire(wire: WireProps): PageProps {
  const { messagesUrl: _url, build: _build, messages, ...rest } = wire;
  return { ...rest, messages: messages ?? loadMessages(wire.locale) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A 200 document answered as respond() would, and its body for the edge cache (src/pages/guest-cache.ts):
 * null when a part of the document could not be rendered on the server (React leaves it to the
 * browser): such a page is never kept. (The cache encodes kept props itself, as the browser gets them.)
 */
export async function respondCapturing(c: Context<AppEnv>, props: PageProps): Promise<{ response: Response; body: Uint8Array<ArrayBuffer> | null; nonce?: string }> {
  pageHeaders(c);
  const { bytes, failed, nonce } = await renderBytes(c, props);
  return { response: c.body(bytes, 200, { 'content-type': HTML_CONTENT_TYPE }), body: failed ? null : bytes, nonce };
}

/** The document as bytes, not answered (a copy that each answer completes: src/pages/guest-cache.ts). */
export async function renderBytes(c: Context<AppEnv>, props: PageProps): Promise<{ bytes: Uint8Array<ArrayBuffer>; failed: boolean; nonce?: string }> {
  const { html, failed, nonce } = await renderDocument(c, props);
  return { bytes: encoder.encode(html) as Uint8Array<ArrayBuffer>, failed, nonce };
}

/**
 * A kept document's bytes split where `marker` stands (its first place), each side split at the nonce it was
 * rendered with: made once per kept copy, so an answer only copies bytes (withFreshNonce, joinedAround).
 */
export function splitAround(body: Uint8Array<ArrayBuffer>, marker: string, renderedWith: string | undefined): [Uint8Array<ArrayBuffer>[], Uint8Array<ArrayBuffer>[]] | null {
  const text = decoder.decode(body);
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const side = (part: string) => (renderedWith ? splitAtNonce(encoder.encode(part) as Uint8Array<ArrayBuffer>, renderedWith) : [encoder.encode(part) as Uint8Array<ArrayBuffer>]);
  return [side(text.slice(0, at)), side(text.slice(at + marker.length))];
}

/** A document split by splitAround, with this answer's nonce and `filling` where the marker stood. */
export function joinedAround(c: Context<AppEnv>, [before, after]: [Uint8Array<ArrayBuffer>[], Uint8Array<ArrayBuffer>[]], filling: string): Uint8Array<ArrayBuffer> {
  return concatBytes(withFreshNonce(c, before), encoder.encode(filling), withFreshNonce(c, after));
}

/**
 * A kept document split where the nonce it was rendered with stands (`nonce="…"`): made once per kept copy
 * (the cache's `parsed`), so an answer from the cache only copies bytes (withFreshNonce).
 */
export function splitAtNonce(body: Uint8Array<ArrayBuffer>, renderedWith: string): Uint8Array<ArrayBuffer>[] {
  return decoder
    .decode(body)
    .split(`nonce="${renderedWith}"`)
    .map((part) => encoder.encode(part) as Uint8Array<ArrayBuffer>);
}

/**
 * A kept document for this response: the parts between its rendered nonce (random, 128 bits, never reused by a
 * later render) joined by this response's, so every answer's scripts match its own header. Bytes are copied,
 * not decoded and encoded again, which is most of a cached answer's cost (docs/decisions.md, Rendering).
 */
export function withFreshNonce(c: Context<AppEnv>, parts: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  const nonce = encoder.encode(`nonce="${cspNonce(c) ?? ''}"`);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, nonce.byteLength * (parts.length - 1)));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(nonce, at);
      at += nonce.byteLength;
    }
    out.set(part, at);
    at += part.byteLength;
  });
  return out;
}

/** Content types as respond() answers them, which a cached copy keeps. */
export const JSON_CONTENT_TYPE = 'application/json';
export const HTML_CONTENT_TYPE = 'text/html; charset=UTF-8';

/** What React writes where a Suspense boundary's content failed (or never finished) on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The document in one pass (renderToString; React's own doctype prepended, as its streaming renderer
 * writes it). Streaming sent nothing sooner: no Suspense boundary holds page content and the page's
 * code is loaded before rendering, so the whole document was the shell and went out only once complete,
 * while renderToReadableStream's scheduling cost more CPU for the same bytes (docs/decisions.md, Rendering).
 */
async function renderDocument(c: Context<AppEnv>, props: PageProps): Promise<{ html: string; failed: boolean; nonce?: string }> {
  // A lazy page whose code is still loading would suspend the render, which renderToString cannot wait for.
  const [preloads, msePreloads, player, refs] = await Promise.all([preloadsFor(c, props), msePreloadsFor(c, props), playerBootFor(c, props), buildRefsFor(c, props.locale), preloadPage(props.page)]);
  const nonce = cspNonce(c);
  const html = `<!DOCTYPE html>${renderToString(createElement(Document, { pageProps: props, preloads, msePreloads, player, nonce, refs }, renderApp(props)))}`;
  return { html, failed: html.includes(CLIENT_RENDERED_BOUNDARY), nonce };
}
