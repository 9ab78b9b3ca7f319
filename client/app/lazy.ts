import { createElement, use, type ComponentType, type ReactElement } from 'react';

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export type LazyComponent<P> = ((props: P) => ReactElement) & { preload: () => Promise<ComponentType<P>> };

/**
 * A component whose code loads on first use (its own chunk, off the home page bundle). Unlike
 * React.lazy, a preloaded one renders at once: main.tsx preloads the current page before hydrating,
 * so hydration never meets a suspended page and the form is live as soon as the page says hydrated.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let promise: Tracked<ComponentType<P>> | null = null;
  const preload = (): Tracked<ComponentType<P>> => {
    if (promise) return promise;
    const started: Tracked<ComponentType<P>> = load();
    started.status = 'pending';
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason });
        promise = null; // a failed chunk load may be retried on the next render
      },
    );
    promise = started;
    return started;
  };
  // `use` reads a fulfilled promise synchronously (its status field), and suspends on a pending one.
  const Lazy = (props: P) => createElement(use(preload() as Promise<ComponentType<P>>), props);
  return Object.assign(Lazy, { preload });
}
