import { useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import type { PageKey, PageProps } from '../../src/shared/page-props';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { ProgressBar } from '../components/layout/ProgressBar';
import { Toasts } from '../components/layout/Toasts';
import { AlertModal } from '../components/modals/AlertModal';
import { MembersOnlyModal } from '../components/modals/MembersOnlyModal';
import { SessionExpiredModal } from '../components/modals/SessionExpiredModal';
import { LoginModal } from '../components/modals/LoginModal';
import { HomePage } from '../pages/HomePage';
import { NoticePage } from '../pages/NoticePage';
import { ALERT_EVENT, SESSION_EXPIRED_EVENT } from '../state/events';
import { alertMessageAtom, sessionExpiredAtom } from '../state/ui';
import { ChunkErrorBoundary } from './LazyBoundary';
import { LAZY_PAGES } from './lazy-pages';

function lazyPage(key: PageKey): (props: PageProps) => ReactNode {
  const Page = LAZY_PAGES[key]!;
  // Keyed by path: going from one channel to another starts the page afresh, as a full load would.
  return (props) => (
    <ChunkErrorBoundary key={props.path.split('?')[0]}>
      <Page props={props} />
    </ChunkErrorBoundary>
  );
}

const PAGES: Record<PageKey, (props: PageProps) => ReactNode> = {
  HOME: (props) => <HomePage props={props} />,
  MAINTENANCE: () => <NoticePage notice="maintenance" />,
  SIGNIN: lazyPage('SIGNIN'),
  SIGNUP: lazyPage('SIGNUP'),
  SIGNUP_FOREIGNER: lazyPage('SIGNUP_FOREIGNER'),
  COMPLETED_SIGNUP: lazyPage('COMPLETED_SIGNUP'),
  COMPLETED_SIGNUP_MARKETING: lazyPage('COMPLETED_SIGNUP_MARKETING'),
  FIND_ID: lazyPage('FIND_ID'),
  PERSONAL_AUTH: lazyPage('PERSONAL_AUTH'),
  CHANNEL: lazyPage('CHANNEL'),
  VOD: lazyPage('VOD'),
  RECENT_VIEW: lazyPage('RECENT_VIEW'),
  SUBSCRIPTIONS_VIEW: lazyPage('SUBSCRIPTIONS_VIEW'),
  GIFT_VIEW: lazyPage('GIFT_VIEW'),
  THEME: lazyPage('THEME'),
  CASTER: lazyPage('CASTER'),
  NOT_FOUND: () => <NoticePage notice="notFound" />,
};

/** Window events from the data layer and the native wrapper become global UI state. */
function useGlobalEvents() {
  const setAlert = useSetAtom(alertMessageAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  useEffect(() => {
    const onAlert = (event: Event) => {
      const message = (event as CustomEvent<{ message?: unknown }>).detail?.message;
      if (typeof message === 'string' && message) setAlert(message);
    };
    const onExpired = () => setExpired(true);
    window.addEventListener(ALERT_EVENT, onAlert);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => {
      window.removeEventListener(ALERT_EVENT, onAlert);
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
    };
  }, [setAlert, setExpired]);
}

export function App({ props }: { props: PageProps }) {
  useGlobalEvents();
  useEffect(() => {
    document.documentElement.lang = props.locale;
  }, [props.locale]);
  const page = PAGES[props.page] ?? PAGES.NOT_FOUND;
  return (
    <div className={`app app-${props.isMobile ? 'mobile' : 'pc'}`} data-page={props.page}>
      <ProgressBar />
      <Header props={props} />
      <main id="main" tabIndex={-1}>
        {page(props)}
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
