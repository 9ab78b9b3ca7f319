import { createContext, useContext } from 'react';
import type { PageProps } from '../../src/shared/page-props';

// Apart from router.tsx: the router loads the lazy pages, and the pages' components read the router back;
// with the context in the router's own module the two would import each other.

export interface Router {
  props: PageProps;
  /** Load another page in place (its props as JSON), with the progress bar; falls back to a full load. */
  navigate: (href: string, options?: { replace?: boolean }) => Promise<void>;
  /** Reload the current page's props (e.g. after the locale changed); keepScroll leaves the reader where they are. */
  refresh: (options?: { keepScroll?: boolean }) => Promise<void>;
}

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside RouterProvider');
  return router;
}
