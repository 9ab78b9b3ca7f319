import { useState } from 'react';
import type { Popup } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { Modal } from '../modals/Modal';
import { HIDDEN_TODAY_KEY, POPUP_SESSION_KEY, storage, today } from './popup-storage';

/** The home page's event popup: at most once per browser session, opened after hydration. */
export function EventPopup({ popup }: { popup: Popup }) {
  const t = useT();
  // Decided as it first renders (it renders only in the browser, after hydration), so it opens in one commit.
  const [open, setOpen] = useState(() => wanted(popup));
  const close = (forToday: boolean) => {
    storage('sessionStorage')?.setItem(POPUP_SESSION_KEY, 'false');
    if (forToday) storage('localStorage')?.setItem(HIDDEN_TODAY_KEY, `${popup.id}:${today()}`);
    setOpen(false);
  };
  return (
    <Modal id="event-popup" open={open} title={popup.title} onCancel={() => close(false)} className="modal-popup">
      {popup.imageUrl && <img className="popup-image" src={popup.imageUrl} alt="" width={400} height={300} />}
      <p className="modal-text">{popup.body}</p>
      {popup.linkUrl && (
        <a className="btn btn-primary btn-block" href={popup.linkUrl} onClick={() => close(false)}>
          {t('home.popupMore')}
        </a>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={() => close(true)}>
          {t('home.popupHideToday')}
        </button>
        {/* Close, not "more" or "hide for today", is where keyboard users start. */}
        <button type="button" className="btn" onClick={() => close(false)} data-autofocus>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

/** Whether the popup opens: not once closed in this browser session, nor after "hide for today" on this one. */
function wanted(popup: Popup): boolean {
  if (storage('sessionStorage')?.getItem(POPUP_SESSION_KEY) === 'false') return false;
  return storage('localStorage')?.getItem(HIDDEN_TODAY_KEY) !== `${popup.id}:${today()}`;
}
