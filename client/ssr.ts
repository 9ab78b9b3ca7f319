import { createElement, type ReactElement } from 'react';
import type { PageProps } from '../src/shared/page-props';
import { Root } from './app/Root';

import { preloadPage as preloadPageCode } from './app/pages';
import type { PageKey } from '../src/shared/page-props';
import { preloadFooter } from './components/layout/LazyFooter';

/** The server renders in one pass: it loads the page's code first, and the footer's (src/render/respond.ts). */
export function preloadPage(key: PageKey): Promise<unknown> {
  return Promise.all([preloadPageCode(key), preloadFooter()]);
}

/** What the Worker renders (contract: src/shared/client-ssr.d.ts). Plain createElement: the Worker's
 * bundler reaches this file through an alias and would compile JSX here with the classic runtime. */
export function renderApp(props: PageProps): ReactElement {
  return createElement(Root, { initialProps: props });
}
