import { useAtom } from 'jotai';
import { useState } from 'react';
import type { MeDto } from '../../../src/shared/account-api';
import { lazyComponent } from '../../app/lazy';
import { LazyBoundary } from '../../app/LazyBoundary';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { loginModalTypeAtom, showLoginModalAtom } from '../../state/ui';
import { LoginTabs } from '../auth/LoginTabs';
import { Modal } from './Modal';

const WelcomePanel = lazyComponent(() => import('../auth/WelcomePanel').then((m) => m.WelcomePanel));

/** 'Log in as a member': login and sign-up tabs; closing resets it to signIn for next time. */
export function LoginModal({ path, showForeignerLink }: { path: string; showForeignerLink: boolean }) {
  const t = useT();
  const { refresh } = useRouter();
  const [open, setOpen] = useAtom(showLoginModalAtom);
  const [type, setType] = useAtom(loginModalTypeAtom);
  // Set once sign-up in the modal succeeds: the welcome panel replaces the tabs.
  const [signedUp, setSignedUp] = useState<{ me: MeDto | null } | null>(null);
  const close = () => {
    setOpen(false);
    setType('signIn');
    if (signedUp) {
      setSignedUp(null);
      // The new member is logged in now: reload this page's props so the header shows it.
      void refresh();
    }
  };
  return (
    <Modal id="login-modal" open={open} title={t('login.title')} onCancel={close} className="modal-login">
      {signedUp ? (
        <LazyBoundary>
          <WelcomePanel idPrefix="login-modal" nickname={signedUp.me?.nickname} identityVerified={signedUp.me?.identityVerified ?? true} />
        </LazyBoundary>
      ) : (
        <LoginTabs idPrefix="login-modal" type={type} onChange={setType} callbackURL={path} onSignedUp={(me) => setSignedUp({ me })} showForeignerLink={showForeignerLink} />
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
