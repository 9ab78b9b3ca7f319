import type { ClipCard } from '../../../src/shared/clip-schemas';
import { formatDate, formatDuration, formatInteger } from '../../lib/format';
import { useT } from '../../i18n/i18n';
import { StreamThumb } from '../watch/StreamThumb';
import { StreamBadges } from '../watch/StreamCardView';

/** Clips as cards, each a link to its page: the title, the channel, the length, the views and the day it was made. */
export function ClipList({ clips, locale, label, empty }: { clips: ClipCard[]; locale: string; label: string; empty: string }) {
  const t = useT();
  if (clips.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="stream-grid clip-grid" aria-label={label}>
      {clips.map((clip) => (
        <li key={clip.clipId} className="stream-card">
          <a href={`/clip/${clip.clipId}`} className="stream-card-link">
            <span className="stream-card-media">
              <StreamThumb url={clip.pictureUrl} nickname={clip.creator.nickname} gate={clip.adult ? 'adult' : null} />
              <StreamBadges live={false} adult={clip.adult} locked={false} />
              <span className="clip-length">{formatDuration(clip.durationMs)}</span>
            </span>
            <span className="stream-card-title">{clip.title}</span>
          </a>
          <span className="stream-card-meta">
            <span className="stream-card-creator">{clip.creator.nickname}</span>
            <span>{t('clip.viewCount', { count: formatInteger(clip.viewCount, locale) })}</span>
            <time dateTime={new Date(clip.createdAt).toISOString()}>{formatDate(clip.createdAt, locale)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
