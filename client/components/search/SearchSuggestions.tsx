import { useEffect, useRef, useState } from 'react';
import { normalizeQuery, queryProblem } from '../../../src/shared/search';
import type { SearchChannel } from '../../../src/shared/search-schemas';
import { apiKey, callKey } from '../../data/api';
import { useT } from '../../i18n/i18n';

/** How long the box waits after the last key before it asks. */
const DEBOUNCE_MS = 200;
const LIST_ID = 'site-search-suggestions';
const optionId = (i: number) => `${LIST_ID}-${i}`;
const channelHref = (c: SearchChannel) => `/channel/${encodeURIComponent(c.loginId)}`;

/**
 * The header box's suggestions (a WAI-ARIA combobox with a listbox): channels matching the words, on air first, asked
 * 200 ms after the last key. Down and Up move through them (the input keeps the focus; aria-activedescendant names
 * the option), Enter opens the one chosen, Escape closes the list; without a choice Enter submits the box. The
 * header's input is in the first load, so this module keeps the input's combobox state and listens to its keys.
 */
export function SearchSuggestions({ inputId, q, onPick }: { inputId: string; q: string; onPick: (href: string) => void }) {
  const t = useT();
  const input = useRef<HTMLElement | null>(null);
  input.current ??= document.getElementById(inputId);
  const [items, setItems] = useState<SearchChannel[]>([]);
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(-1);
  const shown = open && items.length > 0;

  useEffect(() => {
    const words = normalizeQuery(q);
    if (queryProblem(words)) {
      setItems([]);
      setOpen(false);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await callKey(apiKey('/api/search/suggest', { query: { q: words } }));
      if (!current) return;
      setItems(answer.ok ? (answer.body?.channels ?? []) : []);
      setIndex(-1);
      // Only for the box still in use: a list opening under a page the viewer went on to would be in the way.
      setOpen(document.activeElement === input.current);
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);

  // The input's combobox state follows the list.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-controls', LIST_ID);
    el.setAttribute('aria-expanded', String(shown));
    if (shown && index >= 0) el.setAttribute('aria-activedescendant', optionId(index));
    else el.removeAttribute('aria-activedescendant');
  }, [shown, index]);

  // The input's keys, read through a ref so the listener is added once and sees the latest list.
  const state = useRef({ items, shown, index, onPick });
  state.current = { items, shown, index, onPick };
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const close = () => {
      setOpen(false);
      setIndex(-1);
    };
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && s.items.length > 0) {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        setIndex(s.shown ? (s.index + step + s.items.length) % s.items.length : step > 0 ? 0 : s.items.length - 1);
      } else if (e.key === 'Enter' && s.shown && s.index >= 0) {
        e.preventDefault();
        close();
        s.onPick(channelHref(s.items[s.index]!));
      } else if (e.key === 'Escape' && s.shown) {
        e.preventDefault();
        close();
      }
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('blur', close);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('blur', close);
    };
  }, []);

  return (
    <div id={LIST_ID} role="listbox" aria-label={t('search.suggestions')} className="search-suggestions" hidden={!shown}>
      {items.map((c, i) => (
        <div
          key={c.channelId}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === index}
          // Chosen with the mouse before the input's blur closes the list.
          onMouseDown={(e) => {
            e.preventDefault();
            setOpen(false);
            onPick(channelHref(c));
          }}
        >
          <span className="search-suggestion-name">{c.nickname}</span>
          {c.live && <span className="badge badge-live">{t('search.onAir')}</span>}
          <span className="search-meta">{c.live ? c.live.title : c.title}</span>
        </div>
      ))}
    </div>
  );
}
