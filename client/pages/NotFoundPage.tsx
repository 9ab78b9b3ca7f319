import { useT } from '../i18n/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="notice-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <a className="btn btn-primary" href="/">
        {t('notFound.home')}
      </a>
    </section>
  );
}
