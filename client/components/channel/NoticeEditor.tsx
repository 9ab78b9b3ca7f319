import { useSetAtom } from 'jotai';
import { multipart } from '../../data/multipart';
import { useState, type FormEvent } from 'react';
import type { ChannelNotice } from '../../../src/shared/channel-schemas';
import { IMAGE_ACCEPT, UPLOAD_LIMITS } from '../../../src/shared/uploads';
import { postNotice, putNotice } from '../../data/channel-api';
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

/** Write a new notice (notice null) or change one: title, text, images, pin. */
export function NoticeEditor({ channelId, notice, onSaved, onCancel }: { channelId: number; notice: ChannelNotice | null; onSaved: (saved: ChannelNotice) => void; onCancel: () => void }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(() => (notice ? textOf(notice.body) : ''));
  const [pinned, setPinned] = useState(notice?.pinned ?? false);
  const [keep, setKeep] = useState<string[]>(notice?.images.map((i) => i.key) ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const save = useMutation((form: FormData) => (notice ? putNotice(form) : postNotice(form)), { fallback: 'errors.network', show: 'form' });
  const sending = save.pending;
  const tooMany = keep.length + files.length > UPLOAD_LIMITS.noticeImages;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (tooMany) return save.setFailure(t('uploads.tooMany'));
    const form = multipart({
      ...(notice ? { noticeId: notice.noticeId } : { channelId }),
      title: title.trim(),
      body,
      pinned,
      keepImages: keep,
      images: files,
    });
    const result = await save.run(form);
    if (!result?.ok || !result.body) return;
    pushToast({ key: 'notice.saved' });
    onSaved(result.body);
  };

  return (
    <form method="post" className="auth-form notice-editor" onSubmit={submit} aria-labelledby="notice-editor-title" aria-describedby={save.failure ? 'notice-editor-error' : undefined}>
      <h3 id="notice-editor-title">{notice ? t('notice.edit') : t('notice.write')}</h3>
      <div className="field">
        <label className="field-label" htmlFor="notice-title">
          {t('notice.title')}
        </label>
        <input id="notice-title" className="input" required maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="notice-body">
          {t('notice.body')}
        </label>
        <textarea id="notice-body" className="input" required rows={8} maxLength={20_000} value={body} onChange={(e) => setBody(e.target.value)} />
      </div>
      {notice && notice.images.length > 0 && (
        <fieldset className="notice-keep">
          <legend className="field-label">{t('notice.images')}</legend>
          {notice.images.map((image, i) => (
            <label key={image.key} className="check">
              <input type="checkbox" checked={keep.includes(image.key)} onChange={(e) => setKeep(e.target.checked ? [...keep, image.key] : keep.filter((k) => k !== image.key))} />
              <img src={image.url} alt="" width={48} height={Math.round((48 * image.height) / image.width)} />
              {t('notice.keepImage', { n: i + 1 })}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field-label" htmlFor="notice-images">
          {t('notice.images')}
        </label>
        <input id="notice-images" className="input" type="file" accept={IMAGE_ACCEPT} multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} aria-invalid={tooMany} />
      </div>
      <label className="check">
        <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
        {t('notice.pin')}
      </label>
      <FormStatus id="notice-editor-error" failure={save.failure} />
      <div className="notice-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending && <Spinner />}
          {notice ? t('notice.save') : t('notice.submit')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('notice.cancel')}
        </button>
      </div>
    </form>
  );
}
