import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';

export function HomePage({ props }: { props: PageProps }) {
  const t = useT();
  const { brand } = props;
  const currency = t(`currency.${brand.currency}`);
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{brand.serviceName}</h1>
        <p className="hero-text">{brand.seo.description}</p>
        <p className="hero-sub">{t('home.currencyLine', { currency })}</p>
      </section>
      <section aria-labelledby="live-now" className="section">
        <h2 id="live-now">{t('home.liveNow')}</h2>
        <p className="empty-state">{t('home.noLive')}</p>
      </section>
    </>
  );
}
