import { useT } from '../../i18n/i18n';

/** The domestic / foreigner switch at the top of sign-up: links (each is its own page), query kept. */
export function SignupTabs({ current, search, showForeigner }: { current: 'domestic' | 'foreigner'; search: string; showForeigner: boolean }) {
  const t = useT();
  return (
    <nav className="tablist signup-tabs" aria-label={t('signup.typeNav')}>
      <a className="tab" href={`/signup${search}`} aria-current={current === 'domestic' ? 'page' : undefined}>
        {t('signup.domesticTab')}
      </a>
      {showForeigner && (
        <a className="tab" href={`/signup/foreigner${search}`} aria-current={current === 'foreigner' ? 'page' : undefined}>
          {t('signup.foreignerTab')}
        </a>
      )}
    </nav>
  );
}
