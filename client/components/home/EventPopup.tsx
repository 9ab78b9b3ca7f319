import { useEffect, useState } from 'react';
import type { Popup } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { Modal } from '../modals/Modal';
import { HIDDEN_TODAY_KEY, POPUP_SESSION_KEY, storage, today } from './popup-storage';

/** The home page's event popup: at most once per browser session, opened after hydration. */
export function EventPopup({ popup }: { popup: Popup }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (storage('sessionStorage')?.getItem(POPUP_SESSION_KEY) === 'false') return;
    if (storage('localStorage')?.getItem(HIDDEN_TODAY_KEY) === `${popup.id}:${today()}`) return;
    setOpen(true);
  }, [popup]);
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
        {/* biome-ignore lint/a11y/noAutofocus: the first focus in a modal <dialog> opened by showModal(): close, not "hide for today", is where keyboard users start */}
        <button type="button" className="btn" onClick={() => close(false)} autoFocus>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
