import type { StreamCard } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { StreamThumb, thumbGateOf } from './StreamThumb';
import { formatDuration, formatInteger } from '../../lib/format';

/** Badges a stream carries: live, adults only, password. */
export function StreamBadges({ live, adult, locked }: { live: boolean; adult: boolean; locked: boolean }) {
  const t = useT();
  return (
    <span className="badges">
      {live && <span className="badge badge-live">{t('home.liveBadge')}</span>}
      {adult && <span className="badge badge-adult">{t('home.adultBadge')}</span>}
      {locked && <span className="badge badge-lock">{t('home.lockBadge')}</span>}
    </span>
  );
}

/** One stream in a grid: links to its channel (the card's title is the link's name). */
export function StreamCardView({ stream, now, locale }: { stream: StreamCard; now: number; locale: string }) {
  const t = useT();
  const live = stream.endedAt === null;
  // On air: time since it started; a recording: its length.
  const ms = live ? now - stream.startedAt : stream.durationMs;
  return (
    <li className="stream-card">
      <a href={`/channel/${encodeURIComponent(stream.creator.loginId)}`} className="stream-card-link">
        <span className="stream-card-media">
          <StreamThumb url={stream.thumbnailUrl} nickname={stream.creator.nickname} gate={thumbGateOf(stream)} />
          <StreamBadges live={live} adult={stream.adult} locked={stream.hasPassword} />
        </span>
        <span className="stream-card-title">{stream.title}</span>
      </a>
      <span className="stream-card-meta">
        <span className="stream-card-creator">{stream.creator.nickname}</span>
        <span>{t('home.viewers', { count: formatInteger(stream.viewerCount, locale) })}</span>
        <span>
          <span className="visually-hidden">{t(live ? 'home.elapsedLabel' : 'home.durationLabel')} </span>
          <time dateTime={`PT${Math.max(0, Math.floor(ms / 1000))}S`}>{formatDuration(ms)}</time>
        </span>
      </span>
    </li>
  );
}

/** A grid of lives, or the empty state. */
export function StreamGrid({ streams, now, locale, empty, label }: { streams: StreamCard[]; now: number; locale: string; empty: string; label: string }) {
  if (streams.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="stream-grid" aria-label={label}>
      {streams.map((stream) => (
        <StreamCardView key={stream.streamId} stream={stream} now={now} locale={locale} />
      ))}
    </ul>
  );
}
