import type { ReactNode } from 'react';
import { PAGES, type PageKey, type PageKeysOf, type PageModule, type PageProps } from '../../src/shared/page-props';
import { HomePage } from '../pages/HomePage';
import { NoticePage } from '../pages/NoticePage';
import { lazyComponent } from './lazy';
import type { LazyPageModule } from './page-loaders';

/** The component of the pages K; one that loads on demand can be preloaded. */
export type Page<K extends PageKey = PageKey> = ((page: { props: PageProps<K> }) => ReactNode) & { preload?: () => Promise<unknown> };

/**
 * The code of each page module (which page keys it draws: PAGES in src/shared/page-props.ts). Home and
 * the notices are in main.js; every other page loads on demand: its forms, the player and the lists must not
 * weigh on the home page's first load, and neither must one import per page, so their loaders are a chunk of
 * their own (client/app/page-loaders.ts: a new page goes there). The Worker hints that chunk with the page's.
 */
const EAGER: { [M in PageModule]?: Page<PageKeysOf<M>> } = { HomePage, NoticePage };
const lazyPages = new Map<LazyPageModule, Page<never>>();

/** A page that loads on demand: its loader comes from the page table's own chunk, then its code. */
function lazyPage(name: LazyPageModule): Page<never> {
  let page = lazyPages.get(name);
  if (!page) {
    // Held as a page of no key in particular: pageFor gives it the keys of its module.
    page = lazyComponent(() => import('./page-loaders').then((m): Promise<Page<never>> => m.PAGE_LOADERS[name]()));
    lazyPages.set(name, page);
  }
  return page;
}

/** Fetch the page table ahead of need (main.tsx, once idle), so that a first in-app navigation loads only its page. */
export const warmPageTable = () => import('./page-loaders');

/** The page for a key; the not-found page for a key this code does not know (props from a newer server). */
export function pageFor<K extends PageKey>(key: K): Page<K> {
  const name = PAGES[key] ?? PAGES.NOT_FOUND;
  // The component of the module PAGES names for K takes K's props (EAGER and PAGE_LOADERS hold each module to its
  // keys); TypeScript does not follow a key to its module through the table. (A key this code does not know gets
  // the notices, which read only the key.)
  return (EAGER[name] ?? lazyPage(name as LazyPageModule)) as Page<K>;
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
