import { useEffect, useState, type ComponentType } from 'react';
import type { Popup } from '../../../src/shared/streams-api';
import { whenIdle } from '../../app/idle';

type EventPopupType = ComponentType<{ popup: Popup }>;

/**
 * The event popup, fetched once the page is idle after hydration: it opens then anyway, and neither it nor
 * its modal weighs on the home page's first load. Nothing is drawn before (nor on the server).
 */
export function LazyEventPopup({ popup }: { popup: Popup }) {
  const [EventPopup, setEventPopup] = useState<EventPopupType | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        import('./EventPopup').then(
          (m) => setEventPopup(() => m.EventPopup),
          () => {}, // a popup that cannot load is not shown; the page is whole without it
        );
      }),
    [],
  );
  return EventPopup ? <EventPopup key={popup.id} popup={popup} /> : null;
}
