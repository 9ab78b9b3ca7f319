import { viewDevice, type PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { useViewMain } from '../data/use-view-main';
import { BannerCards, BannerCarousel } from '../components/home/BannerCarousel';
import { LazyEventPopup } from '../components/home/LazyEventPopup';
import { StreamGrid } from '../components/watch/StreamCardView';
import { useClock } from '../components/watch/time';
import { TopClips } from '../components/clips/TopClips';

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
      {props.me && personal && main && main.followingLives.length > 0 && (
        <section aria-labelledby="following-title" className="section">
          <h2 id="following-title">{t('home.following')}</h2>
          <StreamGrid streams={main.followingLives} now={now} locale={locale} empty="" label={t('home.following')} />
          <a className="link" href="/my/following">
            {t('home.seeAllFollowing')}
          </a>
        </section>
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
      {props.me && personal && main && main.suggestions.length > 0 && (
        <section aria-labelledby="suggestions-title" className="section">
          <h2 id="suggestions-title">{t('home.suggestions')}</h2>
          <StreamGrid streams={main.suggestions} now={now} locale={locale} empty="" label={t('home.suggestions')} />
        </section>
      )}
      {props.me && personal && main && main.recentlyWatched.length > 0 && (
        <section aria-labelledby="recent-title" className="section">
          <h2 id="recent-title">{t('home.recentlyWatched')}</h2>
          <StreamGrid streams={main.recentlyWatched} now={now} locale={locale} empty="" label={t('home.recentlyWatched')} />
          <a className="link" href="/my/recent">
            {t('home.seeAllRecent')}
          </a>
        </section>
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
