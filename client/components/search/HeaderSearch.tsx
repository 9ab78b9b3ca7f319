import { type FormEvent, useState } from 'react';
import { SEARCH_PATH } from '../../../src/shared/search-path';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';

/**
 * The header's search box, in every page's first load, so it holds only the form: it goes to the results page in
 * the app (without the script it posts to /search, which answers a 303 to the same URL). The suggestions
 * (SearchSuggestions: the listbox, the input's keys and combobox state, the calls) load when the box is first
 * focused or typed in. The header remounts it (its key) when the page's words change.
 */
export function HeaderSearch({ current }: { current: string }) {
  const t = useT();
  const { navigate } = useRouter();
  const [q, setQ] = useState(current);
  const [suggestions, setSuggestions] = useState<typeof import('./SearchSuggestions') | null>(null);

  const load = () => suggestions ?? import('./SearchSuggestions').then(setSuggestions);
  const go = (href: string) => void navigate(href);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The box's own value (what was typed before hydration too); the results page says what is wrong with words too
    // short or too long.
    const words = (e.currentTarget.elements.namedItem('q') as HTMLInputElement).value.trim();
    go(words ? `${SEARCH_PATH}?q=${encodeURIComponent(words)}` : SEARCH_PATH);
  };

  return (
    // role="search" rather than <search>: the component tests' DOM (happy-dom) and older browsers do not know the element.
    // biome-ignore lint/a11y/useSemanticElements: the same landmark, on the form itself
    <form role="search" method="post" action={SEARCH_PATH} className="header-search" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        defaultValue={current}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        onFocus={load}
        onChange={(e) => {
          setQ(e.target.value);
          load();
        }}
      />
      <button type="submit" className="btn btn-small">
        {t('search.submit')}
      </button>
      {suggestions && <suggestions.SearchSuggestions inputId="site-search" q={q} onPick={go} />}
    </form>
  );
}
