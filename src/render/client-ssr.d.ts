// The contract between the Worker and the client app it renders (client/ssr.tsx implements it;
// client/ssr-contract.ts checks that it does). Declared here so the Worker's type-check never
// reaches DOM code.
import type { ReactElement } from 'react';
import type { PageProps } from '../shared/page-props';

export declare function renderApp(props: PageProps): ReactElement;
