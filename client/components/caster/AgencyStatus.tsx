import { AGENCY_PAGE_PATHS } from '../../../src/shared/agency';
import { useHasNewInvites, useMyInvites } from '../../data/agency-api';
import { useT } from '../../i18n/i18n';

/** The studio's agency line: the agency the channel belongs to, and the way to the invites with a badge of new ones. */
export function AgencyStatus() {
  const t = useT();
  const { data: mine } = useMyInvites();
  const { data: news } = useHasNewInvites();
  return (
    <section className="section agency-status" aria-labelledby="agency-status-title">
      <h2 id="agency-status-title">{t('agency.invites.title')}</h2>
      {mine && <p data-testid="agency-link-state">{mine.agency ? t('agency.invites.linked', { name: mine.agency.name }) : t('agency.invites.notLinked')}</p>}
      <p>
        <a href={AGENCY_PAGE_PATHS.invites}>{t('agency.invites.link')}</a>{' '}
        {news?.hasNew && (
          <span className="badge agency-badge" role="status">
            {t('agency.badge', { count: news.count })}
          </span>
        )}
      </p>
    </section>
  );
}
