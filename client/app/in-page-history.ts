import { useEffect } from 'react';

/**
 * History entries a page makes within itself: the channel page's tab and open post or notice live in its query
 * (`?tab=board&post=7`), so each can be shared and reloaded, and the browser's Back closes the post. Going back
 * or forward between two such entries is the page's to show, not a page load: the router asks the mounted
 * pages first (a player keeps playing, a chat keeps its socket).
 */
type PopHandler = (url: URL) => boolean;
const handlers = new Set<PopHandler>();

/** Whether a mounted page showed `url` itself; the router loads it otherwise. */
export function handledInPage(url: URL): boolean {
  for (const handle of handlers) if (handle(url)) return true;
  return false;
}

/** While mounted, `handle` is offered every Back/Forward; it answers true when it showed the URL itself. */
export function useInPageHistory(handle: PopHandler): void {
  useEffect(() => {
    handlers.add(handle);
    return () => {
      handlers.delete(handle);
    };
  }, [handle]);
}

/** A new entry (`push`, Back returns to where the page was) or the current one changed, for this page's own query. */
export function showInUrl(search: string, mode: 'push' | 'replace'): void {
  const url = window.location.pathname + search;
  if (url === window.location.pathname + window.location.search) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(window.history.state, '', url);
}
