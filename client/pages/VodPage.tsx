import { useRef, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { Playback } from '../../src/shared/streams-api';
import { useT } from '../i18n/i18n';
import { AccessGate } from '../components/watch/AccessGate';
import { WatchPlayer } from '../components/watch/WatchPlayer';
import { StreamBadges } from '../components/watch/StreamCardView';
import { formatDuration } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';
import { ClipButton } from '../components/clips/ClipButton';
import { ShareButton } from '../components/ui/ShareButton';
import { ChatReplay } from '../components/chat/ChatReplay';

/** A recorded stream's player page: the recording, its creator, date and length, with the same gating. */
export function VodPage({ props }: { props: PageProps<'VOD'> }) {
  const t = useT();
  const stream = props.data.stream;
  // A password-protected recording plays once its password is given (it keeps its live's).
  const [unlocked, setUnlocked] = useState<Playback | null>(null);
  /** The player's clock: the moment on screen, where a clip ends. */
  const clock = useRef<(() => number | null) | null>(null);
  if (!stream) return <p className="empty-state">{t('vod.loadFailed')}</p>;
  const playback = stream.playback ?? unlocked;
  return (
    <article className="watch-page" aria-labelledby="watch-title">
      <div className="watch-stage">
        {playback ? (
          <WatchPlayer key={playback.url} playback={playback} live={false} title={stream.title} channelId={stream.channelId} me={props.me} clock={clock} />
        ) : stream.access !== 'ok' ? (
          <AccessGate access={stream.access} channelId={stream.channelId} streamId={stream.streamId} me={props.me} onUnlocked={setUnlocked} />
        ) : (
          <p className="empty-state">{t('vod.unplayable')}</p>
        )}
      </div>
      <section className="watch-head">
        <h1 id="watch-title">{stream.title}</h1>
        <p className="watch-creator">
          <a href={`/channel/${encodeURIComponent(stream.creator.loginId)}`}>{stream.creator.nickname}</a>
        </p>
        <div className="watch-actions">
          <StreamBadges live={false} adult={stream.adult} locked={stream.hasPassword} />
          {playback?.source === 'flex' && <ClipButton streamId={stream.streamId} live={false} clock={clock} me={props.me} />}
          <ShareButton title={stream.title} url={`/vod/${stream.streamId}`} label={t('common.share')} />
        </div>
        <dl className="watch-stats">
          <dt>{t('vod.date')}</dt>
          <dd>
            <time dateTime={new Date(stream.startedAt).toISOString()}>{formatDateTime(stream.startedAt, props.locale)}</time>
          </dd>
          <dt>{t('vod.duration')}</dt>
          <dd>{formatDuration(stream.durationMs)}</dd>
        </dl>
      </section>
      {/* Our own recordings replay their live's chat beside them (a password one's with the token its playback carries). */}
      {playback?.source === 'flex' && (
        <ChatReplay
          streamId={stream.streamId}
          startsAt={stream.startedAt}
          initial={props.data.replayStart ?? null}
          clock={clock}
          token={new URL(playback.url, 'https://site.invalid').searchParams.get('token')}
          me={props.me}
        />
      )}
    </article>
  );
}
