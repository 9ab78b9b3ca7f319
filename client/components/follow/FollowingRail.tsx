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
/** The lives a member who follows nobody is shown instead. */
const RAIL_SUGGESTIONS = 8;
/** Who is live, and their viewers, are asked again this often. */
const RAIL_REFRESH_MS = 60_000;

/**
 * The followed channels down the left of a wide screen: those on air first, busiest first, each with its viewers and
 * its live's title; then the others, dimmed. A member who follows nobody sees the busiest lives under it.
 */
export function FollowingRail({ locale }: { locale: string }) {
  const t = useT();
  const { data } = useApi(apiKey('/api/my/streams/following', { query: { offset: 0, limit: RAIL_LIMIT } }), { refreshInterval: RAIL_REFRESH_MS });
  // Following nobody yet: the busiest lives instead, so the rail is a way in rather than an empty column.
  const { data: suggested } = useApi(data?.total === 0 ? apiKey('/api/guest/suggestion-list', { query: { limit: String(RAIL_SUGGESTIONS) } }) : null, {
    refreshInterval: RAIL_REFRESH_MS,
  });
  if (!data) return null;
  const rows: RailRow[] = data.items.map((item) => ({ key: item.channelId, loginId: item.creator.loginId, nickname: item.creator.nickname, live: item.live }));
  const suggestions: RailRow[] = (suggested?.items ?? []).map((live) => ({ key: live.channelId, loginId: live.creator.loginId, nickname: live.creator.nickname, live }));
  return (
    <nav className="rail" aria-labelledby="rail-title">
      <h2 id="rail-title" className="rail-title">
        {t('follow.rail.title')}
      </h2>
      {rows.length === 0 ? <p className="rail-empty muted">{t('follow.rail.empty')}</p> : <RailList rows={rows} locale={locale} />}
      {data.total > data.items.length && (
        <a className="link rail-more" href="/my/following">
          {t('follow.rail.more', { count: formatInteger(data.total - data.items.length, locale) })}
        </a>
      )}
      {suggestions.length > 0 && (
        <>
          <h2 className="rail-title rail-suggested">{t('follow.rail.suggested')}</h2>
          <RailList rows={suggestions} locale={locale} />
        </>
      )}
    </nav>
  );
}

interface RailRow {
  key: number;
  loginId: string;
  nickname: string;
  live: { title: string; viewerCount: number } | null;
}

function RailList({ rows, locale }: { rows: RailRow[]; locale: string }) {
  const t = useT();
  return (
    <ul className="rail-list">
      {rows.map((row) => (
        <li key={row.key} className={row.live ? 'rail-item on-air' : 'rail-item'}>
          <a href={`/channel/${encodeURIComponent(row.loginId)}`} title={row.live?.title ?? row.nickname}>
            <span className="rail-name">{row.nickname}</span>
            {row.live ? (
              <>
                <span className="rail-viewers">
                  <span className="visually-hidden">{t('follow.rail.live')} </span>
                  {formatInteger(row.live.viewerCount, locale)}
                </span>
                <span className="rail-live-title">{row.live.title}</span>
              </>
            ) : (
              <span className="visually-hidden">{t('follow.rail.offline')}</span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
