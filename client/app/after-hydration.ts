import { startTransition, useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code arrives after hydration (the player, the chat). The server and the hydrating
 * client render the caller's placeholder; once the chunk is in, the hook hands back the component. The
 * chunk starts loading as soon as the module calling this runs in the browser (it loads with its page,
 * before hydration), once per page; a failed load is tried again by the next mount. Unlike
 * lazyComponent (./lazy.ts) nothing suspends, and this module stays out of the home page's first load.
 */
export function afterHydration<P>(load: () => Promise<ComponentType<P>>): () => { Component: ComponentType<P> | null; failed: boolean } {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load();
    loading.catch(() => (loading = null));
    return loading;
  };
  if (typeof window !== 'undefined') void start().catch(() => {});
  return function useAfterHydration() {
    const [Component, setComponent] = useState<ComponentType<P> | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      let alive = true;
      start().then(
        // A transition: the component's first render is sliced into short tasks, not one long one.
        (component) => alive && startTransition(() => setComponent(() => component)),
        () => alive && setFailed(true),
      );
      return () => {
        alive = false;
      };
    }, []);
    return { Component, failed };
  };
}
