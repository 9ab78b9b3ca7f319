import { RichTextBody } from '../channel/NoticeBody';
import { useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { BoardPost } from '../../../src/shared/board-schemas';
import { boardDetailPath, deleteBoardPost, likeBoardPost, pinBoardPost } from '../../data/board-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom, showMembersOnlyAtom } from '../../state/ui';
import { BoardComments } from './BoardComments';
import { BOARD_FAILURE } from './board-errors';
import type { ApiResult } from '../../data/api';
import { useFailureNotice } from '../../data/use-mutation';
import { formatDateTime } from '../../lib/format-detail';
import { useConfirm } from '../ui/use-confirm';
import { useApi } from '../../data/use-api';

/**
 * One post: its text (HTML the server sanitized: sanitize-html with an allowlist and no attribute but a
 * link's href, so it is rendered as it is), images, likes, what the reader may do, and the comments.
 * `actions` is where other areas add their own actions to a post (the customer service's report).
 */
export function BoardPostView({
  channelId,
  boardId,
  locale,
  signedIn,
  actions,
  onBack,
  onEdit,
  onDeleted,
}: {
  channelId: number;
  boardId: number;
  locale: string;
  signedIn: boolean;
  actions?: (post: BoardPost) => ReactNode;
  onBack: () => void;
  onEdit: (post: BoardPost) => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const { data, error, mutate } = useApi(boardDetailPath(channelId, boardId));
  const [busy, setBusy] = useState(false);
  const notice = useFailureNotice();

  const run = async <T,>(work: () => Promise<ApiResult<T>>, after: (body: T) => void) => {
    if (busy) return;
    setBusy(true);
    const result = await work();
    setBusy(false);
    if (!result.ok || !result.body) return notice({ ...result, ok: false }, BOARD_FAILURE);
    after(result.body);
  };
  const like = () => {
    if (!signedIn) return showMembersOnly(true);
    void run(
      () => likeBoardPost(boardId),
      (answer) => void mutate(data && { ...data, liked: answer.liked, likeCount: answer.likeCount }, { revalidate: false }),
    );
  };
  const pin = () =>
    data &&
    void run(
      () => pinBoardPost(channelId, boardId, !data.pinned),
      (answer) => {
        pushToast({ key: answer.pinned ? 'board.pinnedToast' : 'board.unpinnedToast' });
        void mutate({ ...data, pinned: answer.pinned }, { revalidate: false });
      },
    );
  const { confirm, confirmDialog } = useConfirm('board-post-delete-modal');
  const remove = async () => {
    if (!(await confirm(t('board.deleteConfirm')))) return;
    void run(
      () => deleteBoardPost(boardId),
      () => {
        pushToast({ key: 'board.deleted' });
        onDeleted();
      },
    );
  };

  return (
    <article className="notice-view" aria-labelledby="board-post-title">
      <button type="button" className="btn" onClick={onBack}>
        ← {t('board.back')}
      </button>
      {error ? (
        <p className="field-error">{error.status === 404 ? error.message : t('board.failed')}</p>
      ) : !data ? (
        <p role="status">…</p>
      ) : (
        <>
          <h3 id="board-post-title">
            {data.pinned && <span className="badge">{t('board.pinned')}</span>} <span className="badge">{t(`board.categories.${data.category}`)}</span> {data.title}
          </h3>
          <p className="muted">{t('board.by', { nickname: data.author.nickname, date: formatDateTime(data.createdAt, locale) })}</p>
          <RichTextBody body={data.body} images={data.images} imageAlt="board.imageAlt" />
          <fieldset className="board-post-actions">
            <legend className="visually-hidden">{t('board.postActions')}</legend>
            <button type="button" className="btn board-like" aria-pressed={data.liked} onClick={like} disabled={busy}>
              <span aria-hidden="true">♥</span> {t('board.like')} <span>{data.likeCount}</span>
            </button>
            {data.canPin && (
              <button type="button" className="btn" onClick={pin} disabled={busy}>
                {data.pinned ? t('board.unpin') : t('board.pin')}
              </button>
            )}
            {data.canEdit && (
              <button type="button" className="btn" onClick={() => onEdit(data)}>
                {t('board.edit')}
              </button>
            )}
            {data.canDelete && (
              <button type="button" className="btn" onClick={() => void remove()} disabled={busy}>
                {t('board.delete')}
              </button>
            )}
            {actions?.(data)}
          </fieldset>
          <BoardComments channelId={channelId} boardId={boardId} locale={locale} signedIn={signedIn} count={data.commentCount} onChanged={() => void mutate()} />
        </>
      )}
      {confirmDialog}
    </article>
  );
}
