import { useCallback, useRef, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { countClipView, deleteClip } from '../data/clip-api';
import { useFailureNotice } from '../data/use-mutation';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { useSetAtom } from 'jotai';
import { pushToastAtom } from '../state/ui';
import { CopyButton } from '../components/ui/CopyButton';
import { ShareButton } from '../components/ui/ShareButton';
import { AccessGate } from '../components/watch/AccessGate';
import { StreamBadges } from '../components/watch/StreamCardView';
import { LazyPlayer } from '../components/player/LazyPlayer';
import { useConfirm } from '../components/ui/use-confirm';
import { formatDuration, formatInteger } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';

/**
 * A clip's page: the clip in the player (a play counts a view), its title, channel, maker, views, a link to share
 * and, for its maker and the channel's creator, delete.
 */
export function ClipPage({ props }: { props: PageProps<'CLIP'> }) {
  const t = useT();
  const router = useRouter();
  const notice = useFailureNotice();
  const pushToast = useSetAtom(pushToastAtom);
  const { confirm, confirmDialog } = useConfirm('clip-delete');
  const clip = props.data.clip;
  const [views, setViews] = useState(clip?.viewCount ?? 0);
  const [deleting, setDeleting] = useState(false);
  const counted = useRef(false);
  const clipId = clip?.clipId ?? null;
  const onPlaying = useCallback(() => {
    if (counted.current || !clipId) return;
    counted.current = true;
    void countClipView(clipId).then((result) => result.ok && result.body && setViews(result.body.viewCount));
  }, [clipId]);
  if (!clip) return <p className="empty-state">{t('clip.loadFailed')}</p>;
  const shareUrl = props.data.shareUrl ?? `/clip/${clip.clipId}`;

  const remove = async () => {
    if (deleting || !(await confirm(t('clip.deleteConfirm')))) return;
    setDeleting(true);
    const result = await deleteClip(clip.clipId);
    setDeleting(false);
    if (!result.ok) return notice(result, { fallback: 'clip.deleteFailed' });
    pushToast({ key: 'clip.deleted' });
    await router.navigate(`/channel/${encodeURIComponent(clip.creator.loginId)}?tab=clips`);
  };

  return (
    <article className="watch-page" aria-labelledby="watch-title">
      <div className="watch-stage">
        {clip.playback ? (
          <LazyPlayer key={clip.playback.url} playback={clip.playback} live={false} title={clip.title} poster={clip.pictureUrl} autoPlay onPlaying={onPlaying} />
        ) : clip.access !== 'ok' ? (
          <AccessGate access={clip.access} channelId={clip.channelId} me={props.me} onUnlocked={() => {}} />
        ) : (
          <p className="empty-state">{t('clip.unplayable')}</p>
        )}
      </div>
      <section className="watch-head">
        <h1 id="watch-title">{clip.title}</h1>
        <p className="watch-creator">
          <a href={`/channel/${encodeURIComponent(clip.creator.loginId)}`}>{clip.creator.nickname}</a>
        </p>
        <StreamBadges live={false} adult={clip.adult} locked={false} />
        <dl className="watch-stats">
          <dt>{t('clip.views')}</dt>
          <dd className="clip-views">{formatInteger(views, props.locale)}</dd>
          <dt>{t('clip.duration')}</dt>
          <dd>{formatDuration(clip.durationMs)}</dd>
          <dt>{t('clip.madeBy')}</dt>
          <dd>{clip.maker.nickname}</dd>
          <dt>{t('clip.createdAt')}</dt>
          <dd>
            <time dateTime={new Date(clip.createdAt).toISOString()}>{formatDateTime(clip.createdAt, props.locale)}</time>
          </dd>
        </dl>
        <div className="clip-share">
          <label htmlFor="clip-share-url">{t('clip.share')}</label>
          <input id="clip-share-url" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={shareUrl} copiedKey="clip.copied">
            {t('clip.copy')}
          </CopyButton>
          <ShareButton title={clip.title} url={shareUrl} label={t('common.share')} />
        </div>
        {clip.canDelete && (
          <button type="button" className="btn btn-small btn-danger" onClick={remove} disabled={deleting}>
            {t('clip.delete')}
          </button>
        )}
      </section>
      {confirmDialog}
    </article>
  );
}
