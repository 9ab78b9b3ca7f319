import type { ReactNode } from 'react';
import { PAGES, type PageKey, type PageModule, type PageProps } from '../../src/shared/page-props';
import { HomePage } from '../pages/HomePage';
import { NoticePage } from '../pages/NoticePage';
import { lazyComponent } from './lazy';
import type { LazyPageModule } from './page-loaders';

/** A page's component; one that loads on demand can be preloaded. */
export type Page = ((page: { props: PageProps }) => ReactNode) & { preload?: () => Promise<unknown> };

/**
 * The code of each page module (which page keys it draws: PAGES in src/shared/page-props.ts). Home and
 * the notices are in main.js; every other page loads on demand: its forms, the player and the lists must not
 * weigh on the home page's first load, and neither must one import per page, so their loaders are a chunk of
 * their own (client/app/page-loaders.ts: a new page goes there). The Worker hints that chunk with the page's.
 */
const EAGER: Partial<Record<PageModule, Page>> = { HomePage, NoticePage };
const lazyPages = new Map<PageModule, Page>();

/** A page that loads on demand: its loader comes from the page table's own chunk, then its code. */
function lazyPage(name: PageModule): Page {
  let page = lazyPages.get(name);
  if (!page) {
    page = lazyComponent(() => import('./page-loaders').then((m) => m.PAGE_LOADERS[name as LazyPageModule]()));
    lazyPages.set(name, page);
  }
  return page;
}

/** Fetch the page table ahead of need (main.tsx, once idle), so that a first in-app navigation loads only its page. */
export const warmPageTable = () => import('./page-loaders');

/** The page for a key; the not-found page for a key this code does not know (props from a newer server). */
export function pageFor(key: PageKey): Page {
  const name = PAGES[key] ?? PAGES.NOT_FOUND;
  return EAGER[name] ?? lazyPage(name);
}

/**
 * Load a page's code before it renders: main.tsx before hydrating, the router before showing it.
 * Pages are therefore never suspended in the browser, and need no Suspense boundary — which they must
 * not have: React streams a boundary's content out of line when the document is large, so the form
 * would appear (and hydrate) late.
 */
export function preloadPage(key: PageKey): Promise<unknown> {
  return pageFor(key).preload?.() ?? Promise.resolve();
}
