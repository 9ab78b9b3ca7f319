import { useT } from '../i18n/i18n';

export function MaintenancePage() {
  const t = useT();
  return (
    <section className="notice-page" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.message')}</p>
      <a className="btn btn-primary" href="/">
        {t('maintenance.retry')}
      </a>
    </section>
  );
}
