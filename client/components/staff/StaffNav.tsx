import { STAFF_PATHS, type StaffPage } from '../../../src/shared/staff-paths';
import { useT } from '../../i18n/i18n';

const LINKS: readonly StaffPage[] = ['console', 'cs', 'payouts', 'content', 'clips'];

/** The staff pages' menu (P and O members); the current page is marked. */
export function StaffNav({ current }: { current: StaffPage }) {
  const t = useT();
  return (
    <nav className="cs-nav staff-nav" aria-label={t('payouts.staff.nav.label')}>
      <ul>
        {LINKS.map((page) => (
          <li key={page}>
            <a href={STAFF_PATHS[page]} aria-current={page === current ? 'page' : undefined}>
              {t(`payouts.staff.nav.${page}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
