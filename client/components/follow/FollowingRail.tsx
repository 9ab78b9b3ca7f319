import { apiKey } from '../../data/api';
import { useApi } from '../../data/use-api';
import { formatInteger } from '../../lib/format';
import { useT } from '../../i18n/i18n';

/** How many followed channels the rail lists (the rest are on /my/following). */
const RAIL_LIMIT = 30;
/** Who is live, and their viewers, are asked again this often. */
const RAIL_REFRESH_MS = 60_000;

/**
 * The followed channels down the left of a wide screen: those on air first, busiest first, each with its viewers and
 * its live's title; then the others, dimmed. Its code and data load after the page, only on a wide screen.
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
