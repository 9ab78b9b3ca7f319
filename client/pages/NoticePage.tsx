import type { PageKeysOf, PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';

/** The pages that only say something and lead home; each has its title, message and link text in the locales. */
const NOTICES = {
  MAINTENANCE: { id: 'maintenance', keys: 'maintenance', link: 'maintenance.retry' },
  NOT_FOUND: { id: 'not-found', keys: 'notFound', link: 'notFound.home' },
} as const;

export function NoticePage({ props }: { props: PageProps<PageKeysOf<'NoticePage'>> }) {
  const t = useT();
  const { id, keys, link } = props.page === 'MAINTENANCE' ? NOTICES.MAINTENANCE : NOTICES.NOT_FOUND;
  return (
    <section className="notice-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(`${keys}.title`)}</h1>
      <p>{t(`${keys}.message`)}</p>
      <a className="btn btn-primary" href="/">
        {t(link)}
      </a>
    </section>
  );
}
