// The contract between the Worker and the client app it renders (client/ssr.ts implements it;
// client/ssr-contract.ts checks that it does). Declared here so the Worker's type-check never
// reaches DOM code.
import type { ReactElement } from 'react';
import type { PageKey, PageProps } from './page-props';

export declare function renderApp(props: PageProps): ReactElement;
/** Loads a lazy page's code, so that rendering it never suspends (src/render/respond.ts renders in one pass). */
export declare function preloadPage(key: PageKey): Promise<unknown>;
