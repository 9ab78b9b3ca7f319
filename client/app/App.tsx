import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { ProgressBar } from '../components/layout/ProgressBar';
import { Toasts } from '../components/layout/Toasts';
import { AlertModal } from '../components/modals/AlertModal';
import { MembersOnlyModal } from '../components/modals/MembersOnlyModal';
import { SessionExpiredModal } from '../components/modals/SessionExpiredModal';
import { LoginModal } from '../components/modals/LoginModal';
import { SESSION_EXPIRED_EVENT } from '../state/events';
import { sessionExpiredAtom } from '../state/ui';
import { ChunkErrorBoundary } from './LazyBoundary';
import { pageFor } from './pages';

/** The data layer's session-expired signal becomes global UI state. */
function useGlobalEvents() {
  const setExpired = useSetAtom(sessionExpiredAtom);
  useEffect(() => {
    const onExpired = () => setExpired(true);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [setExpired]);
}

export function App({ props }: { props: PageProps }) {
  useGlobalEvents();
  useEffect(() => {
    document.documentElement.lang = props.locale;
  }, [props.locale]);
  const Page = pageFor(props.page);
  return (
    <div className={`app app-${props.isMobile ? 'mobile' : 'pc'}`} data-page={props.page}>
      <ProgressBar />
      <Header props={props} />
      <main id="main" tabIndex={-1}>
        {Page.preload ? (
          // Keyed by path: going from one channel to another starts the page afresh, as a full load would.
          <ChunkErrorBoundary key={props.path.split('?')[0]}>
            <Page props={props} />
          </ChunkErrorBoundary>
        ) : (
          <Page props={props} />
        )}
      </main>
      <Footer brand={props.brand} />
      <Toasts />
      <AlertModal appType={props.appType} />
      <MembersOnlyModal path={props.path} />
      <SessionExpiredModal />
      <LoginModal path={props.path} showForeignerLink={props.brand.features.foreignerSignup} />
    </div>
  );
}
