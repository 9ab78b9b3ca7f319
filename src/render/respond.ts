import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { renderApp } from '@client/ssr';
import type { AppEnv } from '../env';
import { loadMessages } from '../lib/i18n';
import { PAGE_PROPS_HEADER } from '../shared/constants';
import { publicBrand } from '../shared/brand-schema';
import type { Me, PageKey, PageProps } from '../shared/page-props';
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
 * Answer a page: streamed HTML for a document request, the same props as JSON for the client's
 * in-app navigation (X-Page-Props: 1).
 */
export function respond(c: Context<AppEnv>, props: PageProps, status: ContentfulStatusCode = 200): Response | Promise<Response> {
  c.header('vary', PAGE_PROPS_HEADER);
  c.header('cache-control', 'private, no-store');
  if (c.req.header(PAGE_PROPS_HEADER) === '1') return c.json(props, status);
  return renderDocument(c, props, status);
}

async function renderDocument(c: Context<AppEnv>, props: PageProps, status: ContentfulStatusCode): Promise<Response> {
  const preloads = await preloadsFor(c, props);
  c.status(status);
  return c.render(renderApp(props), { pageProps: props, preloads });
}
