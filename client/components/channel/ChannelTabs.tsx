import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ChannelTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * The channel page's tabs (WAI-ARIA tabs with automatic activation: arrow keys move and select, Home/End
 * jump). Panels of tabs not shown are not rendered: each fetches its own data when first opened.
 */
export function ChannelTabs({ label, tabs, selected, onSelect }: { label: string; tabs: ChannelTab[]; selected: string; onSelect: (id: string) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(target.id);
    refs.current[target.id]?.focus();
  };
  return (
    <div className="channel-tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            role="tab"
            type="button"
            id={`channel-tab-${tab.id}`}
            aria-selected={tab === current}
            aria-controls={`channel-panel-${tab.id}`}
            tabIndex={tab === current ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`channel-panel-${current.id}`} aria-labelledby={`channel-tab-${current.id}`} className="channel-panel">
        {current.panel}
      </div>
    </div>
  );
}
