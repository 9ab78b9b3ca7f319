import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { BOARD_CATEGORIES, BOARD_LIMITS, type BoardCategory } from '../../../src/shared/board';
import type { BoardPost } from '../../../src/shared/board-schemas';
import { IMAGE_ACCEPT } from '../../../src/shared/uploads';
import { updateBoardPost, writeBoardPost } from '../../data/board-api';
import { multipart } from '../../data/multipart';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { Spinner } from '../auth/Spinner';
import { FormStatus } from '../ui/small-form';
import { useMutation } from '../../data/use-mutation';

/** A stored body (sanitized HTML) as the text the editor shows: paragraphs and line breaks kept. */
function textOf(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (doc.body.textContent ?? '').trim();
}

/** Write a post (post null) or change one's category, title, text and images. */
export function BoardEditor({ channelId, post, onSaved, onCancel }: { channelId: number; post: BoardPost | null; onSaved: (saved: BoardPost) => void; onCancel: () => void }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [category, setCategory] = useState<BoardCategory>(post?.category ?? 'free');
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(() => (post ? textOf(post.body) : ''));
  const [keep, setKeep] = useState<string[]>(post?.images.map((i) => i.key) ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const save = useMutation((form: FormData) => (post ? updateBoardPost(form) : writeBoardPost(form)), { fallback: 'errors.network', show: 'form' });
  const sending = save.pending;
  const tooMany = keep.length + files.length > BOARD_LIMITS.images;
  const heading = post ? t('board.edit') : t('board.write');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (tooMany) return save.setFailure(t('uploads.tooMany'));
    const form = multipart({
      ...(post ? { boardId: post.boardId } : { channelId }),
      category,
      title: title.trim(),
      body,
      keepImages: keep,
      images: files,
    });
    const result = await save.run(form);
    if (!result?.ok || !result.body) return;
    pushToast({ key: 'board.saved' });
    onSaved(result.body);
  };

  return (
    <form method="post" className="auth-form notice-editor" onSubmit={submit} aria-labelledby="board-editor-title" aria-describedby={save.failure ? 'board-editor-error' : undefined}>
      <h3 id="board-editor-title">{heading}</h3>
      <div className="field">
        <label className="field-label" htmlFor="board-category">
          {t('board.category')}
        </label>
        <select id="board-category" className="input" value={category} onChange={(e) => setCategory(e.target.value as BoardCategory)}>
          {BOARD_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`board.categories.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="board-title">
          {t('board.title')}
        </label>
        <input id="board-title" className="input" required maxLength={BOARD_LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="board-body">
          {t('board.body')}
        </label>
        <textarea id="board-body" className="input" required rows={8} maxLength={BOARD_LIMITS.body} value={body} onChange={(e) => setBody(e.target.value)} />
      </div>
      {post && post.images.length > 0 && (
        <fieldset className="notice-keep">
          <legend className="field-label">{t('board.images')}</legend>
          {post.images.map((image, i) => (
            <label key={image.key} className="check">
              <input type="checkbox" checked={keep.includes(image.key)} onChange={(e) => setKeep(e.target.checked ? [...keep, image.key] : keep.filter((k) => k !== image.key))} />
              <img src={image.url} alt="" width={48} height={Math.round((48 * image.height) / image.width)} />
              {t('board.keepImage', { n: i + 1 })}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field-label" htmlFor="board-images">
          {t('board.images')}
        </label>
        <input id="board-images" className="input" type="file" accept={IMAGE_ACCEPT} multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} aria-invalid={tooMany} />
      </div>
      <FormStatus id="board-editor-error" failure={save.failure} />
      <div className="notice-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending && <Spinner />}
          {post ? t('board.save') : t('board.submit')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('board.cancel')}
        </button>
      </div>
    </form>
  );
}
