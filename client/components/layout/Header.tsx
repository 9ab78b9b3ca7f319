import { useSetAtom } from 'jotai';
import type { PageProps } from '../../../src/shared/page-props';
import { useT } from '../../i18n/i18n';
import { openLoginModalAtom, showMembersOnlyAtom } from '../../state/ui';
import { LocaleSwitcher } from './LocaleSwitcher';
import { ActionButton } from '../ui/ActionButton';
import { apiFetch } from '../../data/api';
import { useProfile } from '../../data/use-profile';

export function Header({ props }: { props: PageProps }) {
  const t = useT();
  const openLogin = useSetAtom(openLoginModalAtom);
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const { brand } = props;
  const me = useProfile(props.me);
  const logout = async () => {
    await apiFetch('/api/auth/signout', { method: 'POST' }).catch(() => null);
    window.location.assign('/');
  };
  return (
    <header className="site-header">
      <a className="skip-link" href="#main" data-reload>
        {t('nav.skipToContent')}
      </a>
      <a href="/" className="brand-logo" aria-label={t('nav.homeOf', { name: brand.serviceName })}>
        <img src={brand.icons.logo} alt={brand.serviceName} height={32} />
      </a>
      <nav aria-label={t('nav.main')} className="main-nav">
        <a href="/" aria-current={props.page === 'HOME' ? 'page' : undefined}>
          {t('nav.home')}
        </a>
        {me ? (
          <a href="/my">{t('nav.myPage')}</a>
        ) : (
          <button type="button" className="link-button" onClick={() => showMembersOnly(true)}>
            {t('nav.myPage')}
          </button>
        )}
      </nav>
      <div className="header-actions">
        <LocaleSwitcher locales={brand.locales} current={props.locale} path={props.path} />
        {me ? (
          <>
            <span className="me">{t('nav.greeting', { nickname: me.nickname })}</span>
            <ActionButton className="btn btn-small" onClick={logout}>
              {t('nav.logout')}
            </ActionButton>
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-small" onClick={() => openLogin('signIn')}>
            {t('nav.login')}
          </button>
        )}
      </div>
    </header>
  );
}
