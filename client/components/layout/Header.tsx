import { useAtomValue, useSetAtom } from 'jotai';
import type { PageKey, PageProps } from '../../../src/shared/page-props';
import { useT } from '../../i18n/i18n';
import { openLoginModalAtom, showMembersOnlyAtom, unreadMessagesAtom } from '../../state/ui';
import { LocaleSwitcher } from './LocaleSwitcher';
import { ActionButton } from '../ui/ActionButton';
import { useProfile } from '../../data/use-profile';
import { apiKey } from '../../data/api';
import { useApi } from '../../data/use-api';
import { Avatar } from '../member/Avatar';
import { STAFF_PATHS } from '../../../src/shared/staff-paths';
import { useCurrency } from '../gift/currency';
import { HeaderSearch } from '../search/HeaderSearch';

/** The main menu; the member lists and the studio are members-only (account settings, social links included, are under 마이페이지). */
const NAV: { href: string; key: string; page: PageKey | null; members: boolean }[] = [
  { href: '/', key: 'nav.home', page: 'HOME', members: false },
  { href: '/my/following', key: 'nav.following', page: 'LIKE', members: true },
  { href: '/my/recent', key: 'nav.recent', page: 'RECENT_VIEW', members: true },
  { href: '/my/subscriptions', key: 'nav.subscriptions', page: 'SUBSCRIPTIONS_VIEW', members: true },
  { href: '/my/gifts', key: 'nav.gifts', page: 'GIFT_VIEW', members: true },
  { href: '/caster', key: 'nav.studio', page: 'CASTER', members: true },
  { href: '/my', key: 'nav.myPage', page: 'MY_PAGE', members: true },
];

export function Header({ props }: { props: PageProps }) {
  const t = useT();
  const { luv } = useCurrency();
  const openLogin = useSetAtom(openLoginModalAtom);
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const { brand } = props;
  const me = useProfile(props.me);
  // A member's page from the members' shared copy: the member is known right after hydration, their places are
  // held until then (the greeting's, and a staff member's console link, come in then).
  const pending = !me && props.pendingMe !== undefined;
  // The wallet's SWR entry (client/data/use-luv-balance.ts LUV_SUM_KEY), read here without that module: it
  // would be one more chunk in every page's first load. The member came with their balance as the server read it
  // for this page (Me.balance), so it shows at once and is not asked again on mount; a focus asks again, and
  // whatever changes it (a gift, a purchase) sets the entry. Without a balance in `me`, SWR has no data and asks.
  const { data: wallet } = useApi(me ? apiKey('/api/luv/luv-sum') : null, { fallbackData: me && me.balance !== undefined ? { balance: me.balance } : undefined, revalidateIfStale: false });
  const balance = me ? (wallet?.balance ?? null) : null;
  // New messages reach every page of a member at once: their inbox (client/inbox, with the global modals)
  // sets the count.
  const unread = useAtomValue(unreadMessagesAtom);
  // The words of the results page on show, in its box; another page's box starts empty.
  const searchWords = props.page === 'SEARCH' ? (props.query.q ?? '') : '';
  const logout = () => import('../../data/sign-out').then((m) => m.signOut());

  return (
    <header className="site-header">
      <a className="skip-link" href="#main" data-reload>
        {t('nav.skipToContent')}
      </a>
      <a href="/" className="brand-logo" aria-label={t('nav.homeOf', { name: brand.serviceName })}>
        <img className="brand-wordmark" src={brand.icons.logo} alt={brand.serviceName} width={148} height={32} />
        {/* Where the header leaves the logo too little room (a phone, a guest's wide buttons), the brand's mark instead. */}
        <img className="brand-mark" src={brand.icons.favicon} alt={brand.serviceName} width={32} height={32} loading="lazy" />
      </a>
      <nav aria-label={t('nav.main')} className="main-nav">
        <ul>
          {NAV.map((item) => (
            <li key={item.href}>
              {item.members && !me && !pending ? (
                // A guest is asked to sign in first, coming back to this page.
                <button type="button" className="link-button" onClick={() => showMembersOnly(true)}>
                  {t(item.key)}
                </button>
              ) : (
                <a href={item.href} aria-current={props.page === item.page ? 'page' : undefined}>
                  {t(item.key)}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <HeaderSearch key={searchWords} current={searchWords} />
      <div className="header-actions">
        <LocaleSwitcher locales={brand.locales} current={props.locale} path={props.path} />
        {me || pending ? (
          <div className="member-actions">
            {me ? (
              <a href="/my" className="me">
                <Avatar url={me.avatarUrl} nickname={me.nickname} size={28} />
                <span className="me-greeting">{t('nav.greeting', { nickname: me.nickname })}</span>
              </a>
            ) : (
              <span className="me me-pending" aria-hidden="true" />
            )}
            {brand.features.messages && (
              <a href="/messages" className="btn btn-small messages-link" aria-current={props.page === 'MESSAGES' ? 'page' : undefined}>
                {t('messages.nav')}
                {!!unread && (
                  <>
                    <span className="unread-badge" aria-hidden="true">
                      {unread}
                    </span>
                    <span className="visually-hidden">{t('messages.unreadWords', { count: unread })}</span>
                  </>
                )}
              </a>
            )}
            {me?.staff && (
              <a href={STAFF_PATHS.console} className="btn btn-small staff-link" aria-current={props.page === 'STAFF_CONSOLE' ? 'page' : undefined}>
                {t('staff.console.nav')}
              </a>
            )}
            {/* The balance arrives after hydration (one small call), never in the way of the page's own load. */}
            <a href="/luv" className="btn btn-small wallet-link" aria-current={props.page === 'LUV' ? 'page' : undefined}>
              {balance === null ? t('wallet.title') : t('wallet.navBalance', luv(balance))}
            </a>
            <ActionButton className="btn btn-small" onClick={logout}>
              {t('nav.logout')}
            </ActionButton>
          </div>
        ) : (
          <button type="button" className="btn btn-primary btn-small" onClick={() => openLogin('signIn')}>
            {t('nav.login')}
          </button>
        )}
      </div>
    </header>
  );
}
