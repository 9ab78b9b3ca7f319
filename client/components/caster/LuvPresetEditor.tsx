import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { MAX_GIFT_AMOUNT, MAX_PRESETS } from '../../../src/shared/luv-limits';
import type { LuvPresets } from '../../../src/shared/shop-schemas';
import { MY_PRESETS_KEY, saveMyPresets } from '../../data/gift-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { presetProblems } from '../gift/amounts';
import { useCurrency } from '../gift/currency';
import { useFailureWords } from '../../data/use-mutation';
import { formatInteger } from '../../lib/format';
import { useApi } from '../../data/use-api';

/**
 * The studio's gift presets: the amounts the gift dialog offers viewers of this channel, 1 to MAX_PRESETS
 * distinct ones. Loaded from and saved to /api/my/channel/luv-preset.
 */
export function LuvPresetEditor() {
  const t = useT();
  const { data, error, mutate } = useApi(MY_PRESETS_KEY);
  if (error) return <p className="field-error">{t(error.status === 404 ? 'studioPresets.unavailable' : 'studioPresets.loadFailed')}</p>;
  if (!data) return <p role="status">{t('studioPresets.loading')}</p>;
  return <PresetForm initial={data.presets} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function PresetForm({ initial, onSaved }: { initial: number[]; onSaved: (saved: LuvPresets) => void }) {
  const t = useT();
  const words = useFailureWords();
  const { currency, locale } = useCurrency();
  const [rows, setRows] = useState(() => (initial.length ? initial.map(String) : ['']));
  const [edited, setEdited] = useState<boolean[]>(() => rows.map(() => false));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pushToast = useSetAtom(pushToastAtom);

  const problems = presetProblems(rows);
  const shown = problems.map((p, i) => (p && (tried || edited[i] || p.key === 'duplicate') && !(p.key === 'amountRequired' && !tried) ? p : null));
  const problemText = (p: NonNullable<(typeof problems)[number]>) =>
    p.key === 'duplicate' ? t('studioPresets.errors.duplicate') : t(`giftDialog.errors.${p.key}`, { max: formatInteger(p.params?.max ?? MAX_GIFT_AMOUNT, locale) });

  const change = (index: number, value: string) => {
    setRows(rows.map((r, i) => (i === index ? value : r)));
    setEdited(edited.map((e, i) => (i === index ? true : e)));
    setFailure(null);
  };
  const add = () => {
    setRows([...rows, '']);
    setEdited([...edited, false]);
    setFailure(null);
    // The new field takes the focus once it is there.
    requestAnimationFrame(() => document.getElementById(`preset-${rows.length}`)?.focus());
  };
  const remove = (index: number) => {
    setRows(rows.filter((_, i) => i !== index));
    setEdited(edited.filter((_, i) => i !== index));
    setFailure(null);
    requestAnimationFrame(() => document.getElementById(`preset-${Math.max(0, index - 1)}`)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.some(Boolean)) return;
    const presets = rows.map((r) => Number(r.replace(/[\s,]/g, '')));
    setSaving(true);
    const answer = await saveMyPresets(presets);
    setSaving(false);
    if (answer.ok) {
      // Said like the channel settings above it: a toast.
      pushToast({ key: 'studioPresets.saved' });
      // The API keeps them in ascending order: show them as they are now.
      const saved = answer.body ?? { presets };
      setRows(saved.presets.map(String));
      setEdited(saved.presets.map(() => false));
      setTried(false);
      onSaved(saved);
    } else {
      setFailure(words(answer, { fallback: 'studioPresets.errors.saveFailed' }));
    }
  };

  return (
    <form method="post" className="preset-form" onSubmit={submit} noValidate aria-labelledby="presets-title" aria-describedby="presets-help">
      <p id="presets-help" className="muted">
        {t('studioPresets.help', { max: MAX_PRESETS, currency })}
      </p>
      <ol className="preset-rows">
        {rows.map((row, index) => {
          const problem = shown[index];
          const id = `preset-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list; an edited amount is still the same row
            <li key={index} className="preset-row">
              <label htmlFor={id} className="field-label">
                {t('studioPresets.amountLabel', { index: index + 1, currency })}
              </label>
              <div className="field-row">
                <input
                  id={id}
                  className="input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={row}
                  aria-invalid={!!problem}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  onChange={(event) => change(index, event.target.value)}
                />
                <button type="button" className="btn btn-small" disabled={rows.length <= 1} onClick={() => remove(index)} aria-label={t('studioPresets.removeLabel', { index: index + 1 })}>
                  {t('studioPresets.remove')}
                </button>
              </div>
              {problem && (
                <p id={`${id}-error`} className="field-error">
                  {problemText(problem)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <p className="field-row">
        <button type="button" className="btn btn-small" disabled={rows.length >= MAX_PRESETS} onClick={add}>
          {t('studioPresets.add')}
        </button>
        <span className="muted">{t('studioPresets.count', { count: rows.length, max: MAX_PRESETS })}</span>
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {tried && problems.some(Boolean) && (
        <p className="field-error" role="alert">
          {t('studioPresets.errors.fix')}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {t('studioPresets.save')}
      </button>
    </form>
  );
}
