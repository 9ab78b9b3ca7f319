import { useState } from 'react';
import type { Banner } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';

/** Classic banners: one slide at a time with previous/next buttons (no auto-rotation to fight with). */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const at = index % banners.length;
  const banner = banners[at]!;
  const step = (delta: number) => setIndex((i) => (i + delta + banners.length) % banners.length);
  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={t('home.banners')}>
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group (role="group", aria-roledescription="slide"); it is not a form */}
      <div className="banner-slide" role="group" aria-roledescription="slide" aria-label={t('home.slideOf', { n: at + 1, total: banners.length })} aria-live="polite">
        <a href={banner.linkUrl}>
          <img src={banner.imageUrl} alt="" />
          <span className="banner-text">
            <strong>{banner.title}</strong>
            {banner.subtitle && <span>{banner.subtitle}</span>}
          </span>
        </a>
      </div>
      {banners.length > 1 && (
        <div className="banner-controls">
          <button type="button" className="btn btn-small" onClick={() => step(-1)} aria-label={t('home.prevBanner')}>
            ‹
          </button>
          <span aria-hidden="true">
            {at + 1} / {banners.length}
          </span>
          <button type="button" className="btn btn-small" onClick={() => step(1)} aria-label={t('home.nextBanner')}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}

/** New-style banners: a row of cards. */
export function BannerCards({ banners }: { banners: Banner[] }) {
  const t = useT();
  if (banners.length === 0) return null;
  return (
    <ul className="banner-cards" aria-label={t('home.newBanners')}>
      {banners.map((banner) => (
        <li key={banner.id}>
          <a href={banner.linkUrl} className="banner-card">
            <img src={banner.imageUrl} alt="" loading="lazy" />
            <strong>{banner.title}</strong>
            {banner.subtitle && <span>{banner.subtitle}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
