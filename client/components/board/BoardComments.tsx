import { useSetAtom } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { BOARD_LIMITS } from '../../../src/shared/board';
import type { BoardComment, BoardCommentThread } from '../../../src/shared/board-schemas';
import { boardCommentsPath, boardRepliesPath, deleteBoardComment, editBoardComment, writeBoardComment } from '../../data/board-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { Spinner } from '../auth/Spinner';
import { Pager } from '../channel/Pager';
import { BOARD_FAILURE } from './board-errors';
import { type Outcome, useFailureNotice, useMutation } from '../../data/use-mutation';
import { FormStatus } from '../ui/small-form';
import { formatDateTime } from '../../lib/format-detail';
import { useConfirm } from '../ui/use-confirm';
import { useApi } from '../../data/use-api';

/** A post's comments, oldest first, with their replies; comments are plain text (React renders them as text). */
export function BoardComments({
  channelId,
  boardId,
  locale,
  signedIn,
  count,
  onChanged,
}: {
  channelId: number;
  boardId: number;
  locale: string;
  signedIn: boolean;
  count: number;
  onChanged: () => void;
}) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, error, mutate } = useApi(boardCommentsPath(channelId, boardId, offset));
  const changed = () => {
    void mutate();
    onChanged();
  };
  return (
    <section className="board-comments" aria-labelledby="board-comments-title">
      <h4 id="board-comments-title">{t('board.commentsTitle', { count })}</h4>
      {signedIn ? (
        <CommentForm label={t('board.commentLabel')} submitLabel={t('board.commentSubmit')} send={(text) => writeBoardComment(boardId, text)} onSent={changed} />
      ) : (
        <p className="muted">{t('board.loginToComment')}</p>
      )}
      {error ? (
        <p className="field-error">{t('board.failed')}</p>
      ) : !data ? (
        <p role="status">…</p>
      ) : data.items.length === 0 ? (
        <p className="empty-state">{t('board.noComments')}</p>
      ) : (
        <>
          <ol>
            {data.items.map((thread) => (
              <Thread key={thread.commentId} thread={thread} boardId={boardId} locale={locale} signedIn={signedIn} onChanged={changed} />
            ))}
          </ol>
          <Pager offset={offset} limit={BOARD_LIMITS.commentPage} total={data.total} onPage={setOffset} />
        </>
      )}
    </section>
  );
}

function Thread({ thread, boardId, locale, signedIn, onChanged }: { thread: BoardCommentThread; boardId: number; locale: string; signedIn: boolean; onChanged: () => void }) {
  const t = useT();
  const [replying, setReplying] = useState(false);
  const [allReplies, setAllReplies] = useState(false);
  const more = useApi(allReplies ? boardRepliesPath(boardId, thread.commentId) : null);
  const replies: BoardComment[] = more.data ? more.data.items : thread.replies;
  return (
    <li className="board-comment">
      <CommentBody comment={thread} locale={locale} onChanged={onChanged}>
        {signedIn && (
          <button type="button" className="btn" aria-expanded={replying} onClick={() => setReplying(!replying)}>
            {t('board.reply')}
          </button>
        )}
      </CommentBody>
      {replying && (
        <CommentForm
          label={t('board.replyLabel', { nickname: thread.author.nickname })}
          submitLabel={t('board.replySubmit')}
          send={(text) => writeBoardComment(boardId, text, thread.commentId)}
          onSent={() => {
            setReplying(false);
            void more.mutate();
            onChanged();
          }}
        />
      )}
      {replies.length > 0 && (
        <ol className="board-replies">
          {replies.map((reply) => (
            <li key={reply.commentId} className="board-comment">
              <CommentBody
                comment={reply}
                locale={locale}
                onChanged={() => {
                  void more.mutate();
                  onChanged();
                }}
              />
            </li>
          ))}
        </ol>
      )}
      {!more.data && thread.replyCount > thread.replies.length && (
        <button type="button" className="btn" onClick={() => setAllReplies(true)}>
          {t('board.moreReplies', { count: thread.replyCount })}
        </button>
      )}
    </li>
  );
}

/** A comment's author, time and words, and its own edit and delete where the reader may. */
function CommentBody({ comment, locale, onChanged, children }: { comment: BoardComment; locale: string; onChanged: () => void; children?: React.ReactNode }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const notice = useFailureNotice();
  const [editing, setEditing] = useState(false);
  const { confirm, confirmDialog } = useConfirm(`board-comment-delete-modal-${comment.commentId}`);
  const remove = async () => {
    if (!(await confirm(t('board.commentDeleteConfirm')))) return;
    const result = await deleteBoardComment(comment.commentId);
    if (!result.ok) return notice(result, BOARD_FAILURE);
    pushToast({ key: 'board.commentDeleted' });
    onChanged();
  };
  return (
    <>
      <p className="muted board-meta">{t('board.by', { nickname: comment.author.nickname, date: formatDateTime(comment.createdAt, locale) })}</p>
      {editing ? (
        <CommentForm
          label={t('board.commentEditLabel')}
          submitLabel={t('board.save')}
          initial={comment.body}
          send={(text) => editBoardComment(comment.commentId, text)}
          onSent={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p>{comment.body}</p>
      )}
      <div className="board-post-actions">
        {children}
        {comment.canEdit && !editing && (
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            {t('board.edit')}
          </button>
        )}
        {comment.canDelete && (
          <button type="button" className="btn" onClick={() => void remove()}>
            {t('board.delete')}
          </button>
        )}
      </div>
      {confirmDialog}
    </>
  );
}

function CommentForm({
  label,
  submitLabel,
  initial = '',
  send,
  onSent,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  send: (text: string) => Promise<Outcome>;
  onSent: () => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(initial);
  const post = useMutation(send, { ...BOARD_FAILURE, show: 'form' });
  const sending = post.pending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const result = await post.run(text.trim());
    if (!result?.ok) return;
    setText('');
    onSent();
  };
  return (
    <form method="post" className="board-comment-form" onSubmit={submit} aria-label={label}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        required
        maxLength={BOARD_LIMITS.comment}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={post.failure ? `${id}-error` : undefined}
      />
      <FormStatus id={`${id}-error`} failure={post.failure} />
      <div className="board-post-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending && <Spinner />}
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('board.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
