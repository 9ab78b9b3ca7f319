import { Component, Suspense, type ReactNode } from 'react';
import { LoadFailed } from '../components/ui/LoadFailed';
import { useT } from '../i18n/i18n';

function Loading() {
  const t = useT();
  return (
    <p className="lazy-loading" role="status">
      {t('login.loading')}
    </p>
  );
}

/** A chunk that failed to load (deploy in between, offline) shows a reload button, not a blank app. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <LoadFailed className="lazy-failed" message="login.loadFailed" reload="login.reload" /> : this.props.children;
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
