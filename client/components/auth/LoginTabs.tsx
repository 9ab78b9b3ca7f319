import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n';
import type { LoginModalType } from '../../state/ui';

const TABS: LoginModalType[] = ['signIn', 'signUp'];

/**
 * The two-tab switch of the login/sign-up modal and the /signin page (WAI-ARIA tabs: arrow keys move,
 * Home/End jump). The forms inside each panel belong to the accounts feature.
 */
export function LoginTabs({ idPrefix, type, onChange, callbackURL }: { idPrefix: string; type: LoginModalType; onChange: (type: LoginModalType) => void; callbackURL: string | null }) {
  const t = useT();
  const refs = useRef<Record<LoginModalType, HTMLButtonElement | null>>({ signIn: null, signUp: null });
  const query = callbackURL ? `?callbackURL=${encodeURIComponent(callbackURL)}` : '';

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
      <div role="tabpanel" id={`${idPrefix}-${type}-panel`} aria-labelledby={`${idPrefix}-${type}-tab`} className="tabpanel" tabIndex={0}>
        {type === 'signIn' ? (
          <>
            <p>{t('login.loginIntro')}</p>
            <a className="btn btn-primary btn-block" href={`/signin${query}`} data-reload>
              {t('login.tabLogin')}
            </a>
            <a className="link" href="/member/find/findId">
              {t('login.findIdPassword')}
            </a>
          </>
        ) : (
          <>
            <p>{t('login.signupIntro')}</p>
            <a className="btn btn-primary btn-block" href={`/signup${query}`}>
              {t('login.tabSignup')}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
