import { useT } from '../../i18n/i18n';

export type FindMember = 'domestic' | 'foreigner';

/** The domestic / foreigner switch of find ID and password: links, so it works before the page's scripts run. */
export function FindTabs({ current }: { current: FindMember }) {
  const t = useT();
  return (
    <nav className="tablist signup-tabs" aria-label={t('signup.typeNav')}>
      <a className="tab" href="/member/find/findId" aria-current={current === 'domestic' ? 'page' : undefined}>
        {t('signup.domesticTab')}
      </a>
      <a className="tab" href="/member/find/findId?type=foreigner" aria-current={current === 'foreigner' ? 'page' : undefined}>
        {t('signup.foreignerTab')}
      </a>
    </nav>
  );
}
