import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { LOCALES, type Locale } from '../../../src/shared/locales';
import { LOCALE_NAMES } from '../../i18n/locale-names';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { pushToastAtom } from '../../state/ui';
import { callEdge } from '../../data/api';
import { useFailureNotice } from '../../data/use-mutation';
import { ActionButton } from '../ui/ActionButton';

/** A plain form (works without JS: POST /locale, 303 back); with JS it switches in place. */
export function LocaleSwitcher({ locales, current, path }: { locales: Locale[]; current: Locale; path: string }) {
  const t = useT();
  const id = 'locale-select';
  const { refresh } = useRouter();
  const toast = useSetAtom(pushToastAtom);
  const notice = useFailureNotice();
  const [value, setValue] = useState<string>(current);
  if (locales.length < 2) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The edge's own route (src/app.ts), the form's fields as they are: no API route types it.
    const res = await callEdge<unknown>('POST', '/locale', new FormData(event.currentTarget));
    if (!res.ok) return notice(res, { fallback: 'errors.network' });
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
