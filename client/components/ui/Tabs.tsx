import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The keys of WAI-ARIA tabs with automatic activation: arrow keys move and select (wrapping), Home/End jump; focus
 * follows. `ref(key)` goes on each tab button, `onKeyDown` on the tablist.
 */
export function useTabKeys<K extends string>(keys: readonly K[], selected: K, onSelect: (key: K) => void) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = keys.indexOf(selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = keys[(next + keys.length) % keys.length]!;
    onSelect(target);
    refs.current[target]?.focus();
  };
  const ref = (key: K) => (el: HTMLButtonElement | null) => {
    refs.current[key] = el;
  };
  // A list wider than its box (a phone) scrolls sideways: the selected tab is in view, one a link selected too. Only
  // the list scrolls, never the page (scrollIntoView would bring a list below the fold up).
  useEffect(() => {
    const tab = refs.current[selected];
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const [box, edges] = [list.getBoundingClientRect(), tab.getBoundingClientRect()];
    if (edges.left < box.left) list.scrollLeft -= box.left - edges.left;
    else if (edges.right > box.right) list.scrollLeft += edges.right - box.right;
  }, [selected]);
  return { onKeyDown, ref };
}

/** WAI-ARIA tabs (arrow keys move, Home/End jump); the panel shows the selected tab's children. */
export function Tabs<K extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  id: string;
  label: string;
  tabs: { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const { onKeyDown, ref } = useTabKeys(
    tabs.map((tab) => tab.key),
    selected,
    onSelect,
  );
  return (
    <div className="wallet-tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={ref(tab.key)}
            role="tab"
            type="button"
            id={`${id}-${tab.key}-tab`}
            aria-selected={selected === tab.key}
            aria-controls={`${id}-panel`}
            tabIndex={selected === tab.key ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}-tab`} className="tabpanel">
        {children}
      </div>
    </div>
  );
}
