import { Component, Suspense, type ReactNode } from 'react';
import { useT } from '../i18n/i18n';

function Loading() {
  const t = useT();
  return (
    <p className="lazy-loading" role="status">
      {t('login.loading')}
    </p>
  );
}

function LoadFailed() {
  const t = useT();
  return (
    <p className="lazy-failed" role="alert">
      {t('login.loadFailed')}{' '}
      <a href="" data-reload onClick={() => window.location.reload()}>
        {t('login.reload')}
      </a>
    </p>
  );
}

/** A chunk that failed to load (deploy in between, offline) shows a reload link, not a blank app. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/** Around code that loads on demand (lazyComponent): a loading line, and a way out if it fails. */
export function LazyBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
