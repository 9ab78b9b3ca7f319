import { useSetAtom } from 'jotai';
import type { FormEvent } from 'react';
import { EMOJI_LIMITS } from '../../../src/shared/emoji';
import type { Emoji } from '../../../src/shared/emoji-schemas';
import { IMAGE_ACCEPT } from '../../../src/shared/uploads';
import { apiKey, call } from '../../data/api';
import { type Outcome, useMutation } from '../../data/use-mutation';
import { FormStatus } from '../ui/small-form';
import { useApi } from '../../data/use-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { Spinner } from '../auth/Spinner';

export const OWN_EMOJI_KEY = apiKey('/api/my/channel/emoji');

/** The studio's channel emoji: the list with a delete button each, and a form to add one (code, name, image). */
export function EmojiManager() {
  const t = useT();
  const { data, error, mutate } = useApi(OWN_EMOJI_KEY);
  const pushToast = useSetAtom(pushToastAtom);
  // Adding and deleting say their failure on the one line under the add form.
  const change = useMutation((send: () => Promise<Outcome>) => send(), { fallback: 'emoji.studio.failed', show: 'form' });
  const { failure, pending: busy } = change;

  if (error) return <p className="field-error">{t('emoji.studio.failed')}</p>;
  if (!data) return <p role="status">{t('emoji.picker.loading')}</p>;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const done = await change.run(() => call('POST', '/api/my/channel/emoji', { form: new FormData(form) }));
    if (!done?.ok) return;
    form.reset();
    pushToast({ key: 'emoji.studio.added' });
    await mutate();
  };
  const remove = async (emoji: Emoji) => {
    const done = await change.run(() => call('DELETE', '/api/my/channel/emoji/:id', { param: { id: emoji.emojiId } }));
    if (!done?.ok) return;
    pushToast({ key: 'emoji.studio.deleted' });
    await mutate();
  };

  return (
    <>
      <p>{t('emoji.studio.count', { count: data.items.length, max: data.max })}</p>
      {data.items.length === 0 ? (
        <p className="empty-state">{t('emoji.studio.empty')}</p>
      ) : (
        <ul className="emoji-studio-list">
          {data.items.map((emoji) => (
            <li key={emoji.emojiId}>
              <img src={emoji.url} alt={emoji.title} width={40} height={40} />
              <code>:{emoji.code}:</code>
              <button type="button" className="btn btn-small" onClick={() => remove(emoji)}>
                {t('emoji.studio.delete', { code: emoji.code })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form method="post" className="auth-form caster-form" onSubmit={add} aria-labelledby="emoji-add-title" aria-describedby={failure ? 'emoji-add-error' : undefined}>
        <h3 id="emoji-add-title">{t('emoji.studio.add')}</h3>
        <div className="field">
          <label className="field-label" htmlFor="emoji-code">
            {t('emoji.studio.code')}
          </label>
          <input id="emoji-code" name="code" className="input" required pattern="[a-z0-9_]{2,20}" maxLength={20} autoComplete="off" aria-describedby="emoji-code-hint" />
          <p id="emoji-code-hint" className="muted">
            {t('emoji.studio.codeHint')}
          </p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="emoji-title">
            {t('emoji.studio.name')}
          </label>
          <input id="emoji-title" name="title" className="input" required maxLength={30} autoComplete="off" />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="emoji-image">
            {t('emoji.studio.image')}
          </label>
          <input id="emoji-image" name="image" className="input" type="file" required accept={IMAGE_ACCEPT} data-max-bytes={EMOJI_LIMITS.bytes} />
        </div>
        <FormStatus id="emoji-add-error" failure={failure} />
        <button type="submit" className="btn btn-primary" disabled={busy || data.items.length >= data.max}>
          {busy && <Spinner />}
          {t('emoji.studio.add')}
        </button>
      </form>
    </>
  );
}
