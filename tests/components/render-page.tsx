import { render, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { expect, vi } from 'vitest';
import { Root } from '../../client/app/Root';
import { preloadPage } from '../../client/ssr';
import { loadMessages } from '../../src/lib/i18n';
import { brandSchema, publicBrand } from '../../src/shared/brand-schema';
import type { Locale } from '../../src/shared/locales';
import type { Me, PageDataMap, PageKey, PageProps } from '../../src/shared/page-props';
import bread from '../../brands/bread/brand.json';
import flex from '../../brands/flex/brand.json';
import live from '../../brands/live/brand.json';

const BRANDS = { flex, bread, live };

interface PageOptions<K extends PageKey> {
  /** Path with its query, as the server got it. */
  path: string;
  locale?: Locale;
  brand?: keyof typeof BRANDS;
  /** What the page's loader (src/pages/) puts in the props for this request. */
  data: PageDataMap[K];
  /** Cookies the browser holds for the page's host (those the page may read). */
  cookies?: Record<string, string>;
  /** The signed-in member the server read for this answer; null for a guest. */
  me?: Me | null;
}

/**
 * A page as the browser hydrates it (client/main.tsx): its code loaded first, then the whole app (Root: jotai's
 * store, SWR, the router, the page's locale and messages through I18nProvider) with the props the server would
 * send, in #root, until it says it is hydrated. Leaving the page (location.assign) is recorded, not done: the
 * returned `assigned` lists where it went.
 */
export async function renderPage<K extends PageKey>(page: K, { path, locale = 'ko', brand = 'flex', data, cookies = {}, me = null }: PageOptions<K>) {
  const url = new URL(path, `http://${brand}.localhost`);
  (window as unknown as { happyDOM: { setURL(href: string): void } }).happyDOM.setURL(url.href);
  for (const [name, value] of Object.entries(cookies)) await cookieStore.set(name, value);
  const assigned: string[] = [];
  vi.spyOn(window.location, 'assign').mockImplementation((href) => void assigned.push(String(href)));
  // As buildPageProps (src/render/respond.ts) makes them: page K's props around K's data.
  const props = {
    page,
    path,
    me,
    isMobile: false,
    appType: 'main',
    appVersion: null,
    locale,
    messages: loadMessages(locale),
    query: Object.fromEntries(url.searchParams),
    brand: publicBrand(brandSchema.parse(BRANDS[brand])),
    data,
    errorReporting: null,
  } as PageProps<K>;
  // The page's code and the footer's, as the server loads them before it renders (the browser would show the
  // footer later, which inside Testing Library's act would hold the whole first render back).
  await preloadPage(page);
  const root = document.createElement('div');
  root.id = 'root';
  // A cache of its own, as a page load has: Root's SWRConfig sets none, and SWR's default one outlives a render.
  const app = (
    <SWRConfig value={{ provider: () => new Map() }}>
      <Root initialProps={props} />
    </SWRConfig>
  );
  const view = render(app, { container: document.body.appendChild(root) });
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
  return { ...view, assigned };
}
