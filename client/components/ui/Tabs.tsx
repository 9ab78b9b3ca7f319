import { useRef, type KeyboardEvent, type ReactNode } from 'react';

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
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!.key;
    onSelect(target);
    refs.current[target]?.focus();
  };
  return (
    <div className="wallet-tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el;
            }}
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
