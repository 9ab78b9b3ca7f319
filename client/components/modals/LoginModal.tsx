import { useAtom } from 'jotai';
import { useT } from '../../i18n/i18n';
import { loginModalTypeAtom, showLoginModalAtom } from '../../state/ui';
import { LoginTabs } from '../auth/LoginTabs';
import { Modal } from './Modal';

/** 'Log in as a member': login and sign-up tabs; closing resets it to signIn for next time. */
export function LoginModal({ path }: { path: string }) {
  const t = useT();
  const [open, setOpen] = useAtom(showLoginModalAtom);
  const [type, setType] = useAtom(loginModalTypeAtom);
  const close = () => {
    setOpen(false);
    setType('signIn');
  };
  return (
    <Modal id="login-modal" open={open} title={t('login.title')} onCancel={close} className="modal-login">
      <LoginTabs idPrefix="login-modal" type={type} onChange={setType} callbackURL={path} />
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
