import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { nativeAlert } from '../../native/bridge';
import type { AppType } from '../../../src/shared/constants';
import { Modal } from './Modal';

/** Message and confirm; inside the native wrapper the platform's own alert instead. */
export function AlertModal({ appType }: { appType: AppType }) {
  const t = useT();
  const [message, setMessage] = useAtom(alertMessageAtom);
  const native = appType === 'embedded';

  useEffect(() => {
    if (message && native && nativeAlert(message, appType)) setMessage(null);
  }, [message, native, appType, setMessage]);

  return (
    <Modal id="alert-modal" open={!!message && !native} title={t('alert.title')} onCancel={() => setMessage(null)}>
      <p className="modal-text">{message}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={() => setMessage(null)} data-autofocus>
          {t('common.confirm')}
        </button>
      </div>
    </Modal>
  );
}
