import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { LOCALES, type Locale } from '../../../src/shared/locales';
import { LOCALE_NAMES } from '../../i18n/locale-names';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { alertMessageAtom, pushToastAtom } from '../../state/ui';
import { ActionButton } from '../ui/ActionButton';

/** A plain form (works without JS: POST /locale, 303 back); with JS it switches in place. */
export function LocaleSwitcher({ locales, current, path }: { locales: Locale[]; current: Locale; path: string }) {
  const t = useT();
  const id = 'locale-select';
  const { refresh } = useRouter();
  const toast = useSetAtom(pushToastAtom);
  const alert = useSetAtom(alertMessageAtom);
  const [value, setValue] = useState<string>(current);
  if (locales.length < 2) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const res = await fetch('/locale', { method: 'POST', headers: { accept: 'application/json' }, body: new FormData(event.currentTarget) }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res?.ok) return alert(body?.error?.message ?? t('errors.network'));
    await refresh();
    toast({ key: 'locale.changed', params: { language: LOCALE_NAMES[value as Locale] ?? value } });
  };

  return (
    <form className="locale-switcher" method="post" action="/locale" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('locale.label')}
      </label>
      <select id={id} name="locale" value={value} onChange={(e) => setValue(e.target.value)}>
        {LOCALES.filter((l) => locales.includes(l)).map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <input type="hidden" name="redirect" value={path} />
      <ActionButton type="submit" className="btn btn-small">
        {t('locale.apply')}
      </ActionButton>
    </form>
  );
}
