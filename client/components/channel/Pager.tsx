import { useT } from '../../i18n/i18n';

/** Previous / next over a paged list, with where we are. */
export function Pager({ offset, limit, total, onPage }: { offset: number; limit: number; total: number; onPage: (offset: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('channelProfile.paging')}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(Math.max(0, offset - limit))}>
        {t('channelProfile.prev')}
      </button>
      <span aria-live="polite">{t('channelProfile.page', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(offset + limit)}>
        {t('channelProfile.next')}
      </button>
    </nav>
  );
}
