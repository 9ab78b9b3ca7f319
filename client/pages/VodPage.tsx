import type { PageProps, VodData } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { AccessGate } from '../components/watch/AccessGate';
import { WatchPlayer } from '../components/watch/WatchPlayer';
import { StreamBadges } from '../components/watch/StreamCardView';
import { formatDuration } from '../components/watch/time';
import { formatDate } from '../components/watch/format-date';

/** A recorded stream's player page: the recording, its creator, date and length, with the same gating. */
export function VodPage({ props }: { props: PageProps }) {
  const t = useT();
  const stream = (props.data as Partial<VodData>).stream;
  if (!stream) return <p className="empty-state">{t('vod.loadFailed')}</p>;
  return (
    <article className="watch-page" aria-labelledby="watch-title">
      <div className="watch-stage">
        {stream.playback ? (
          <WatchPlayer key={stream.playback.url} playback={stream.playback} live={false} title={stream.title} channelId={stream.channelId} me={props.me} />
        ) : stream.access !== 'ok' ? (
          // A recording is never password-protected (the password guards the live only).
          <AccessGate access={stream.access} channelId={stream.channelId} me={props.me} onUnlocked={() => {}} />
        ) : (
          <p className="empty-state">{t('vod.unplayable')}</p>
        )}
      </div>
      <section className="watch-info">
        <h1 id="watch-title">{stream.title}</h1>
        <p className="watch-creator">
          <a href={`/channel/${encodeURIComponent(stream.creator.loginId)}`}>{stream.creator.nickname}</a>
        </p>
        <StreamBadges live={false} adult={stream.adult} locked={false} />
        <dl className="watch-stats">
          <dt>{t('vod.date')}</dt>
          <dd>
            <time dateTime={new Date(stream.startedAt).toISOString()}>{formatDate(stream.startedAt, props.locale, true)}</time>
          </dd>
          <dt>{t('vod.duration')}</dt>
          <dd>{formatDuration(stream.durationMs)}</dd>
        </dl>
      </section>
    </article>
  );
}
