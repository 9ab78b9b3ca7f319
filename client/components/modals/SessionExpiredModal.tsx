import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { MS } from '../../../src/shared/constants';
import { useT } from '../../i18n/i18n';
import { openLoginModalAtom, sessionExpiredAtom } from '../../state/ui';
import { ConfirmModal } from './ConfirmModal';

/** Appears 100 ms after the session expires; cancel and outside click reload, OK opens login. */
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
    <ConfirmModal
      id="session-expired-modal"
      open={shown}
      title={t('sessionExpired.title')}
      message={t('sessionExpired.message')}
      confirmLabel={t('common.ok')}
      focusConfirm
      onConfirm={() => {
        setExpired(false);
        openLogin('signIn');
      }}
      onCancel={reload}
    />
  );
}
