import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { Header } from '../components/layout/Header';
import { LazyFooter } from '../components/layout/LazyFooter';
import { ProgressBar } from '../components/layout/ProgressBar';
import { Toasts } from '../components/layout/Toasts';
import { useT } from '../i18n/i18n';
import { API_FAILURE_EVENT, SESSION_EXPIRED_EVENT } from '../state/events';
import { trackFocus } from './focus-return';
import { alertMessageAtom, sessionExpiredAtom, showLoginModalAtom, showMembersOnlyAtom } from '../state/ui';
import { ChunkErrorBoundary, LazyBoundary } from './LazyBoundary';
import { whenIdle } from './idle';
import { lazyComponent } from './lazy';
import { pageFor } from './pages';

/**
 * The data layer's signals become global UI state: a session expired, and a call that failed without a code of its
 * own, which the alert dialog says in the person's language (pages say nothing of it: client/data/use-mutation.ts).
 */
function useGlobalEvents() {
  const t = useT();
  const setExpired = useSetAtom(sessionExpiredAtom);
  const setAlert = useSetAtom(alertMessageAtom);
  useEffect(() => {
    const onExpired = () => setExpired(true);
    const onApiFailure = (event: Event) => setAlert(t((event as CustomEvent<'network' | 'server'>).detail === 'network' ? 'errors.network' : 'errors.internal'));
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener(API_FAILURE_EVENT, onApiFailure);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener(API_FAILURE_EVENT, onApiFailure);
    };
  }, [setExpired, setAlert, t]);
  useEffect(trackFocus, []);
}

const LoginModal = lazyComponent(() => import('../components/modals/LoginModal').then((m) => m.LoginModal));

/** The login modal's code (the sign-in and sign-up tabs) loads the first time it opens: off the first load of every page. */
function LoginModalOnDemand(props: { path: string; showForeignerLink: boolean }) {
  const open = useAtomValue(showLoginModalAtom);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  return wanted ? (
    <LazyBoundary>
      <LoginModal {...props} />
    </LazyBoundary>
  ) : null;
}

type GlobalModalsComponent = typeof import('../components/modals/GlobalModals').GlobalModals;
let globalModals: Promise<GlobalModalsComponent> | null = null;
const loadGlobalModals = () => {
  globalModals ??= import('../components/modals/GlobalModals').then((m) => m.GlobalModals);
  globalModals.catch(() => (globalModals = null)); // the next request tries again
  return globalModals;
};

/**
 * The alert, members-only and session-expired modals are closed on every first paint: their code loads
 * once the browser is idle after hydration, or at once if one is asked to open sooner (the atoms keep the
 * request, so it shows when the code arrives). Off the first load of every page. A member's inbox listener
 * and the rail of their followed channels come with them.
 */
function GlobalModalsAfterIdle(props: { appType: PageProps['appType']; path: string; member: boolean; locale: string }) {
  const alert = useAtomValue(alertMessageAtom);
  const membersOnly = useAtomValue(showMembersOnlyAtom);
  const expired = useAtomValue(sessionExpiredAtom);
  const asked = !!alert || membersOnly || expired;
  const [idle, setIdle] = useState(false);
  const [Modals, setModals] = useState<GlobalModalsComponent | null>(null);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  useEffect(() => {
    if (Modals || !(idle || asked)) return;
    let alive = true;
    loadGlobalModals().then(
      (component) => alive && setModals(() => component),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [Modals, idle, asked]);
  return Modals ? <Modals {...props} /> : null;
}

export function App({ props }: { props: PageProps }) {
  useGlobalEvents();
  useEffect(() => {
    document.documentElement.lang = props.locale;
  }, [props.locale]);
  const Page = pageFor(props.page);
  // A member's page from the members' shared copy keeps the member's places from the start (PageProps.pendingMe).
  const member = props.me !== null || props.pendingMe !== undefined;
  return (
    <div className={`app app-${props.isMobile ? 'mobile' : 'pc'}${member ? ' has-rail' : ''}`} data-page={props.page}>
      <ProgressBar />
      <Header props={props} />
      <div className="app-body">
        {/* A member's followed channels on a wide screen (RailPortal, which comes with the global modals, fills it). */}
        {member && <aside className="rail-slot" id="rail-slot" />}
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
      </div>
      <LazyFooter brand={props.brand} />
      <Toasts />
      <GlobalModalsAfterIdle appType={props.appType} path={props.path} member={!!props.me} locale={props.locale} />
      <LoginModalOnDemand path={props.path} showForeignerLink={props.brand.features.foreignerSignup} />
    </div>
  );
}
