import { Suspense } from 'react';
import type { PublicBrand } from '../../../src/shared/brand-schema';
import { ChunkErrorBoundary } from '../../app/LazyBoundary';
import { lazyComponent } from '../../app/lazy';

const FooterCode = lazyComponent(() => import('./Footer').then((m) => m.Footer));

/** The server renders the footer with its code loaded (client/ssr.ts preloads it with the page). */
export const preloadFooter = FooterCode.preload;

/**
 * The footer, off the first load: it has nothing to do until a language change re-renders it. The server sends it
 * whole; in the browser its boundary stays as the server drew it until its chunk arrives (React hydrates a
 * suspended boundary later), so nothing moves or blinks.
 */
export function LazyFooter({ brand }: { brand: PublicBrand }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <FooterCode brand={brand} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
