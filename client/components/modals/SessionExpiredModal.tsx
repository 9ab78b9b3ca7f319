import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { MS } from '../../../src/shared/constants';
import { useT } from '../../i18n/i18n';
import { openLoginModalAtom, sessionExpiredAtom } from '../../state/ui';
import { Modal } from './Modal';

/** SPEC §2: appears 100 ms after the session expires; cancel and outside click reload, OK opens login. */
export function SessionExpiredModal() {
  const t = useT();
  const [expired, setExpired] = useAtom(sessionExpiredAtom);
  const openLogin = useSetAtom(openLoginModalAtom);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!expired) return setShown(false);
    const timer = setTimeout(() => setShown(true), MS.sessionExpiredModalDelay);
    return () => clearTimeout(timer);
  }, [expired]);

  const reload = () => window.location.reload();
  return (
    <Modal id="session-expired-modal" open={shown} title={t('sessionExpired.title')} onCancel={reload} onOutsideClick={reload}>
      <p className="modal-text">{t('sessionExpired.message')}</p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={reload}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          autoFocus
          onClick={() => {
            setExpired(false);
            openLogin('signIn');
          }}
        >
          {t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}
