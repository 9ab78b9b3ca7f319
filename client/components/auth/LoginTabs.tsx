import { useRef, type KeyboardEvent } from 'react';
import type { MeDto } from '../../../src/shared/account-api';
import { COOKIE } from '../../../src/shared/constants';
import { lazyComponent } from '../../app/lazy';
import { LazyBoundary } from '../../app/LazyBoundary';
import { readCookie } from '../../data/cookies';
import { useT } from '../../i18n/i18n';
import type { LoginModalType } from '../../state/ui';
import { useChannelSettings } from '../../data/use-channel-settings';
import { enabledSocialProviders } from '../../../src/shared/social';
import { SocialSignupButtons } from './SocialSignupButtons';

const TABS: LoginModalType[] = ['signIn', 'signUp'];

// The forms load when a tab first shows them: the modal is on every page, its forms are not.
const LoginForm = lazyComponent(() => import('./LoginForm').then((m) => m.LoginForm));
const DomesticSignupForm = lazyComponent(() => import('./DomesticSignupForm').then((m) => m.DomesticSignupForm));

interface LoginTabsProps {
  idPrefix: string;
  type: LoginModalType;
  onChange: (type: LoginModalType) => void;
  /** Where login goes afterwards (the current page in the modal). */
  callbackURL: string | null;
  /** Sign-up in the modal ends in the welcome panel, which the parent shows instead of the tabs. */
  onSignedUp: (me: MeDto | null) => void;
  /** The brand offers foreigner sign-up (the toptoon partner never sees it). */
  showForeignerLink: boolean;
}

/** The two-tab switch of the login/sign-up modal (WAI-ARIA tabs: arrow keys move, Home/End jump). */
export function LoginTabs({ idPrefix, type, onChange, callbackURL, onSignedUp, showForeignerLink }: LoginTabsProps) {
  const t = useT();
  const refs = useRef<Record<LoginModalType, HTMLButtonElement | null>>({ signIn: null, signUp: null });
  // Only rendered in the open modal, never on the server: the cookie can be read while rendering.
  const foreigner = showForeignerLink && readCookie(COOKIE.partnerCode) !== 'toptoon';
  // The social buttons each channel setting enables (isSnsLogin*), fetched when the modal first opens.
  const settings = useChannelSettings(null);
  const socialProviders = settings ? enabledSocialProviders(settings) : [];

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(type);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length]!;
    onChange(target);
    refs.current[target]?.focus();
  };

  return (
    <div className="login-tabs">
      <div role="tablist" aria-label={t('login.title')} className="tablist" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            role="tab"
            type="button"
            id={`${idPrefix}-${tab}-tab`}
            aria-selected={type === tab}
            aria-controls={`${idPrefix}-${tab}-panel`}
            tabIndex={type === tab ? 0 : -1}
            className="tab"
            onClick={() => onChange(tab)}
          >
            {t(tab === 'signIn' ? 'login.tabLogin' : 'login.tabSignup')}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-${type}-panel`}
        aria-labelledby={`${idPrefix}-${type}-tab`}
        className={`tabpanel ${type === 'signUp' ? 'signup-modal-body' : ''}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs pattern: the panel is the tab stop after the tab list (its form may still be loading)
        tabIndex={0}
      >
        <LazyBoundary>
          {type === 'signIn' ? (
            <LoginForm idPrefix={`${idPrefix}-login`} callbackURL={callbackURL} socialProviders={socialProviders} />
          ) : (
            <>
              {foreigner && (
                <a className="link foreigner-link" href="/signup/foreigner">
                  {t('signup.foreignerLink')}
                </a>
              )}
              <SocialSignupButtons providers={socialProviders} callbackURL={callbackURL} />
              <DomesticSignupForm idPrefix={`${idPrefix}-signup`} inModal callbackURL={null} onComplete={onSignedUp} />
            </>
          )}
        </LazyBoundary>
      </div>
    </div>
  );
}
