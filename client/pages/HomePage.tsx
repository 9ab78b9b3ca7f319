import { viewDevice, type PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { useViewMain } from '../data/use-view-main';
import { BannerCards, BannerCarousel } from '../components/home/BannerCarousel';
import { LazyEventPopup } from '../components/home/LazyEventPopup';
import { StreamGrid } from '../components/watch/StreamCardView';
import { useClock } from '../components/watch/time';
import { TopClips } from '../components/clips/TopClips';
import type { StreamCard } from '../../src/shared/streams-api';

export function HomePage({ props }: { props: PageProps<'HOME'> }) {
  const t = useT();
  const { brand, locale } = props;
  const data = props.data;
  // A member's page starts from the guests' shared view-main (the edge cache): their own sections wait for theirs.
  const { main, personal } = useViewMain(viewDevice(props), data.viewMain ?? null, { own: !!props.me && data.viewMainIsShared === true });
  const now = useClock(data.now ?? 0);
  const currency = t(`currency.${brand.currency}`);
  const logos = data.logos ?? [];
  const popup = main?.popup ?? null;
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{brand.serviceName}</h1>
        <p className="hero-text">{brand.hero[locale] ?? brand.hero.ko ?? brand.seo.description}</p>
        <p className="hero-sub">{t('home.currencyLine', { currency })}</p>
      </section>
      <BannerCarousel banners={main?.banners ?? []} />
      <BannerCards banners={data.newBanners ?? []} />
      {props.me && personal && main && (
        <OwnSection id="following-title" title={t('home.following')} streams={main.followingLives} now={now} locale={locale} seeAll={{ href: '/my/following', label: t('home.seeAllFollowing') }} />
      )}
      <section aria-labelledby="live-now" className="section">
        <h2 id="live-now">{t('home.liveNow')}</h2>
        <StreamGrid streams={main?.lives ?? []} now={now} locale={locale} empty={t('home.noLive')} label={t('home.liveNow')} />
      </section>
      <TopClips locale={locale} />
      {main && main.themes.length > 0 && (
        <nav aria-labelledby="themes-title" className="section">
          <h2 id="themes-title">{t('home.themes')}</h2>
          <ul className="chips">
            {main.themes.map((theme) => (
              <li key={theme.code}>
                <a className="chip" href={`/theme/${encodeURIComponent(theme.code)}`}>
                  {theme.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* For a guest the suggestions are simply the top lives, already shown above. */}
      {props.me && personal && main && <OwnSection id="suggestions-title" title={t('home.suggestions')} streams={main.suggestions} now={now} locale={locale} />}
      {props.me && personal && main && (
        <OwnSection id="recent-title" title={t('home.recentlyWatched')} streams={main.recentlyWatched} now={now} locale={locale} seeAll={{ href: '/my/recent', label: t('home.seeAllRecent') }} />
      )}
      {logos.length > 0 && (
        <section aria-labelledby="partners-title" className="section">
          <h2 id="partners-title">{t('home.partners')}</h2>
          <ul className="logos">
            {logos.map((logo) => (
              <li key={logo.id}>
                <a href={logo.linkUrl} rel="noopener" target="_blank">
                  <img src={logo.imageUrl} alt={logo.name} height={36} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {popup && <LazyEventPopup key={popup.id} popup={popup} />}
    </>
  );
}

/** One of a member's own sections (followed lives, suggestions, recently watched): drawn only when it has streams. */
function OwnSection({ id, title, streams, now, locale, seeAll }: { id: string; title: string; streams: StreamCard[]; now: number; locale: string; seeAll?: { href: string; label: string } }) {
  if (streams.length === 0) return null;
  return (
    <section aria-labelledby={id} className="section">
      <h2 id={id}>{title}</h2>
      <StreamGrid streams={streams} now={now} locale={locale} empty="" label={title} />
      {seeAll && (
        <a className="link" href={seeAll.href}>
          {seeAll.label}
        </a>
      )}
    </section>
  );
}
