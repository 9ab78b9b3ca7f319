import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { BOARD_WRITE_PERMISSIONS, type BoardWritePermission } from '../../../src/shared/board';
import type { BoardSetting } from '../../../src/shared/board-schemas';
import { boardSettingPath, saveBoardSetting } from '../../data/board-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { Spinner } from '../auth/Spinner';
import { FormStatus } from '../ui/small-form';
import { useMutation } from '../../data/use-mutation';
import { useApi } from '../../data/use-api';

/** The studio's board section: who may post on the creator's channel board. */
export function BoardSettingSection({ channelId }: { channelId: number }) {
  const t = useT();
  const { data, error, mutate } = useApi(boardSettingPath(channelId));
  return (
    <section className="section" aria-labelledby="board-setting-title">
      <h2 id="board-setting-title">{t('board.setting.title')}</h2>
      {error ? (
        <p className="field-error">{error.message}</p>
      ) : !data ? (
        <p role="status">…</p>
      ) : (
        <SettingForm key={data.writePermission} current={data.writePermission} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      )}
    </section>
  );
}

function SettingForm({ current, onSaved }: { current: BoardWritePermission; onSaved: (saved: BoardSetting) => void }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [choice, setChoice] = useState(current);
  const save = useMutation(saveBoardSetting, { fallback: 'errors.network', show: 'form' });
  const sending = save.pending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const result = await save.run(choice);
    if (!result?.ok || !result.body) return;
    pushToast({ key: 'board.setting.saved' });
    onSaved(result.body);
  };
  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="board-setting-title" aria-describedby={save.failure ? 'board-setting-error' : undefined}>
      <fieldset className="field">
        <legend className="field-label">{t('board.setting.label')}</legend>
        {BOARD_WRITE_PERMISSIONS.map((p) => (
          <label key={p} className="check">
            <input type="radio" name="board-write-permission" value={p} checked={choice === p} onChange={() => setChoice(p)} />
            {t(`board.setting.${p}`)}
          </label>
        ))}
      </fieldset>
      <FormStatus id="board-setting-error" failure={save.failure} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('board.setting.save')}
      </button>
    </form>
  );
}
