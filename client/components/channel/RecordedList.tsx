import type { StreamCard } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { StreamThumb, thumbGateOf } from '../watch/StreamThumb';
import { StreamBadges } from '../watch/StreamCardView';
import { formatDate, formatDuration } from '../../lib/format';

/** Recordings, each a link to its player page: a channel's, or a search's (`withCreator`: whose each is). */
export function RecordedList({ streams, locale, label, withCreator = false }: { streams: StreamCard[]; locale: string; label?: string; withCreator?: boolean }) {
  const t = useT();
  if (streams.length === 0) return <p className="empty-state">{t('channel.noRecorded')}</p>;
  return (
    <ul className="recorded-list" aria-label={label}>
      {streams.map((stream) => (
        <li key={stream.streamId}>
          <a href={`/vod/${stream.streamId}`} className="recorded-item">
            <StreamThumb url={stream.thumbnailUrl} nickname={stream.creator.nickname} gate={thumbGateOf(stream)} />
            <span className="recorded-text">
              <span className="recorded-title">{stream.title}</span>
              <span className="muted">
                {withCreator && `${stream.creator.nickname} · `}
                {formatDate(stream.startedAt, locale)} · {formatDuration(stream.durationMs)}
              </span>
            </span>
            <StreamBadges live={false} adult={stream.adult} locked={stream.hasPassword} />
          </a>
        </li>
      ))}
    </ul>
  );
}
