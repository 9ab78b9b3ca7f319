import { createElement, type ReactElement } from 'react';
import type { PageProps } from '../src/shared/page-props';
import { Root } from './app/Root';

/** The server renders in one pass: it loads the page's code first (src/render/respond.ts). */
export { preloadPage } from './app/pages';

/** What the Worker renders (contract: src/shared/client-ssr.d.ts). Plain createElement: the Worker's
 * bundler reaches this file through an alias and would compile JSX here with the classic runtime. */
export function renderApp(props: PageProps): ReactElement {
  return createElement(Root, { initialProps: props });
}
