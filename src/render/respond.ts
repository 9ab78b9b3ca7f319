import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { preloadPage, renderApp } from '@client/ssr';
import type { AppEnv } from '../env';
import { loadMessages } from '../lib/i18n';
import { PAGE_PROPS_HEADER } from '../shared/constants';
import { publicBrand } from '../shared/brand-schema';
import type { Me, PageKey, PageProps } from '../shared/page-props';
import { Document } from './document';
import { preloadsFor } from './preload';

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

export function buildPageProps(c: Context<AppEnv>, page: PageKey, data: Record<string, unknown>, me: Me | null = null): PageProps {
  const url = new URL(c.req.url);
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
  };
}

/**
 * Answer a page: the HTML document for a document request, the same props as JSON for the client's
 * in-app navigation (X-Page-Props: 1).
 */
export function respond(c: Context<AppEnv>, props: PageProps, status: ContentfulStatusCode = 200): Response | Promise<Response> {
  c.header('vary', PAGE_PROPS_HEADER);
  c.header('cache-control', 'private, no-store');
  if (c.req.header(PAGE_PROPS_HEADER) === '1') return c.json(props, status);
  return renderDocument(c, props).then(({ html }) => c.body(html, status, { 'content-type': HTML_CONTENT_TYPE }));
}

export const HTML_CONTENT_TYPE = 'text/html; charset=UTF-8';

/**
 * The document in one pass (renderToString; React's own doctype prepended, as its streaming renderer
 * writes it). Streaming sent nothing sooner: no Suspense boundary holds page content and the page's
 * code is loaded before rendering, so the whole document was the shell and went out only once complete,
 * while renderToReadableStream's scheduling cost three times the CPU for the same bytes (measured: home
 * page 0.29 ms against 0.85 ms in Node; member home 546 -> 765 req/s in `npm run bench:ssr`).
 */
async function renderDocument(c: Context<AppEnv>, props: PageProps): Promise<{ html: string }> {
  // A lazy page whose code is still loading would suspend the render, which renderToString cannot wait for.
  const [preloads] = await Promise.all([preloadsFor(c, props), preloadPage(props.page)]);
  const html = `<!DOCTYPE html>${renderToString(createElement(Document, { pageProps: props, preloads }, renderApp(props)))}`;
  return { html };
}
