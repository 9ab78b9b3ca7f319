import type { ReactNode } from 'react';
import { useTabKeys } from '../ui/Tabs';

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
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;
  const { onKeyDown, ref } = useTabKeys(
    tabs.map((tab) => tab.id),
    current.id,
    onSelect,
  );
  return (
    <div className="channel-tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={ref(tab.id)}
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
