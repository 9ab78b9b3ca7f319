import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { PAGE_PROPS_HEADER } from '../../src/shared/constants';
import type { PageProps, WireProps } from '../../src/shared/page-props';
import { withMessages } from '../i18n/messages';
import { pageTitle } from '../../src/shared/page-title';
import { navigationProgressAtom } from '../state/ui';
import { emitSessionExpired } from '../state/events';
import { preloadPage } from './pages';
import { RouterContext } from './router-context';
import { handledInPage } from './in-page-history';

/**
 * The next page's props. From another build (a release since this page loaded: its messages and code are not this
 * page's), it throws, and the caller loads the page whole.
 */
async function fetchPageProps(href: string, signal: AbortSignal, build: string | undefined): Promise<{ props: PageProps; url: string }> {
  const res = await fetch(href, { headers: { [PAGE_PROPS_HEADER]: '1', accept: 'application/json' }, credentials: 'include', signal });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`page answered ${res.status} ${type}`);
  const wire = (await res.json()) as WireProps;
  if (!wire || typeof wire.page !== 'string') throw new Error('page answered without props');
  if (wire.build !== undefined && build !== undefined && wire.build !== build) throw new Error(`page answered from build ${wire.build}, not ${build}`);
  return { props: await withMessages(wire), url: res.url };
}

/** A link we may load in place: same origin, plain left click, no target or download. */
function routableLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor?.href || anchor.target || anchor.hasAttribute('download') || anchor.dataset.reload !== undefined) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return anchor;
}

export function RouterProvider({ initialProps, children }: { initialProps: PageProps; children: (props: PageProps) => ReactNode }) {
  const [props, setProps] = useState(initialProps);
  const propsRef = useRef(initialProps);
  const setProgress = useSetAtom(navigationProgressAtom);
  const inflight = useRef<AbortController | null>(null);

  const load = useCallback(
    async (href: string, mode: 'push' | 'replace' | 'pop', keepScroll = false) => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      setProgress('loading');
      try {
        const { props: next, url } = await fetchPageProps(href, controller.signal, propsRef.current.build);
        await preloadPage(next.page);
        if (controller.signal.aborted) return;
        const target = new URL(url);
        const shown = target.pathname + target.search + new URL(href, window.location.href).hash;
        if (mode === 'push') window.history.pushState(null, '', shown);
        if (mode === 'replace' || (mode === 'pop' && url !== new URL(href, window.location.href).href)) window.history.replaceState(null, '', shown);
        // The page had a member and the server no longer knows them: the session ended elsewhere
        // (revoked, expired, logged out on another device). Say so instead of silently turning guest.
        if (propsRef.current.me && !next.me) emitSessionExpired();
        propsRef.current = next;
        setProps(next);
        document.title = pageTitle(next);
        if (mode !== 'pop' && !keepScroll) window.scrollTo(0, 0);
        setProgress('done');
      } catch {
        if (controller.signal.aborted) return;
        setProgress('done'); // the bar finishes on error too
        window.location.assign(href);
      }
    },
    [setProgress],
  );

  const navigate = useCallback((href: string, options?: { replace?: boolean }) => load(href, options?.replace ? 'replace' : 'push'), [load]);
  const refresh = useCallback((options?: { keepScroll?: boolean }) => load(window.location.pathname + window.location.search, 'replace', options?.keepScroll), [load]);

  // A member's page from the members' shared copy hydrated without its member (PageProps.pendingMe): put them in now.
  useEffect(() => {
    const pending = propsRef.current.pendingMe;
    if (typeof pending !== 'object') return;
    const withMember = { ...propsRef.current, me: pending, pendingMe: undefined };
    propsRef.current = withMember;
    setProps(withMember);
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = routableLink(event);
      if (!anchor) return;
      event.preventDefault();
      void load(anchor.href, 'push');
    };
    const onPop = () => {
      if (!handledInPage(new URL(window.location.href))) void load(window.location.href, 'pop');
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [load]);

  return <RouterContext.Provider value={{ props, navigate, refresh }}>{children(props)}</RouterContext.Provider>;
}
