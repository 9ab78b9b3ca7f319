import { useT } from '../i18n/i18n';

/** The pages that only say something and lead home; each has its title, message and link text in the locales. */
const NOTICES = {
  maintenance: { id: 'maintenance', link: 'maintenance.retry' },
  notFound: { id: 'not-found', link: 'notFound.home' },
} as const;

export function NoticePage({ notice }: { notice: keyof typeof NOTICES }) {
  const t = useT();
  const { id, link } = NOTICES[notice];
  return (
    <section className="notice-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(`${notice}.title`)}</h1>
      <p>{t(`${notice}.message`)}</p>
      <a className="btn btn-primary" href="/">
        {t(link)}
      </a>
    </section>
  );
}
