import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { apiKey } from '../../data/api';
import { useApi } from '../../data/use-api';
import { formatInteger } from '../../lib/format';
import { useT } from '../../i18n/i18n';

/** From this width a member's followed channels run down the left (app.css gives .rail-slot the same). */
const RAIL_MEDIA = '(min-width: 1280px)';

/**
 * The rail in the slot the server drew beside the page (App.tsx: empty, its width kept by app.css, so nothing moves
 * when it fills), while the screen is wide: its data is asked for only then.
 */
export function RailPortal({ locale }: { locale: string }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const media = window.matchMedia(RAIL_MEDIA);
    const update = () => setSlot(media.matches ? document.getElementById('rail-slot') : null);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return slot ? createPortal(<FollowingRail locale={locale} />, slot) : null;
}

/** How many followed channels the rail lists (the rest are on /my/following). */
const RAIL_LIMIT = 30;
/** Who is live, and their viewers, are asked again this often. */
const RAIL_REFRESH_MS = 60_000;

/**
 * The followed channels down the left of a wide screen: those on air first, busiest first, each with its viewers and
 * its live's title; then the others, dimmed.
 */
export function FollowingRail({ locale }: { locale: string }) {
  const t = useT();
  const { data } = useApi(apiKey('/api/my/streams/following', { query: { offset: 0, limit: RAIL_LIMIT } }), { refreshInterval: RAIL_REFRESH_MS });
  if (!data) return null;
  return (
    <nav className="rail" aria-labelledby="rail-title">
      <h2 id="rail-title" className="rail-title">
        {t('follow.rail.title')}
      </h2>
      {data.items.length === 0 ? (
        <p className="rail-empty muted">{t('follow.rail.empty')}</p>
      ) : (
        <ul className="rail-list">
          {data.items.map((item) => (
            <li key={item.channelId} className={item.live ? 'rail-item on-air' : 'rail-item'}>
              <a href={`/channel/${encodeURIComponent(item.creator.loginId)}`} title={item.live?.title ?? item.creator.nickname}>
                <span className="rail-name">{item.creator.nickname}</span>
                {item.live ? (
                  <>
                    <span className="rail-viewers">
                      <span className="visually-hidden">{t('follow.rail.live')} </span>
                      {formatInteger(item.live.viewerCount, locale)}
                    </span>
                    <span className="rail-live-title">{item.live.title}</span>
                  </>
                ) : (
                  <span className="visually-hidden">{t('follow.rail.offline')}</span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {data.total > data.items.length && (
        <a className="link rail-more" href="/my/following">
          {t('follow.rail.more', { count: formatInteger(data.total - data.items.length, locale) })}
        </a>
      )}
    </nav>
  );
}
