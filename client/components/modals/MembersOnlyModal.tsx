import { useAtom } from 'jotai';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { Modal } from './Modal';
import { signinLocation } from '../../../src/shared/callback-url';

/** 'Members only': log in or the 10-second easy sign-up, both coming back to this page. */
export function MembersOnlyModal({ path }: { path: string }) {
  const t = useT();
  const [open, setOpen] = useAtom(showMembersOnlyAtom);
  return (
    <Modal id="members-only-modal" open={open} title={t('membersOnly.title')} onCancel={() => setOpen(false)}>
      <p className="modal-text">{t('membersOnly.message')}</p>
      <div className="modal-actions modal-actions-stack">
        <a className="btn btn-primary" href={signinLocation(path)} onClick={() => setOpen(false)}>
          {t('membersOnly.login')}
        </a>
        <a className="btn" href={signinLocation(path, '/signup')} onClick={() => setOpen(false)}>
          {t('membersOnly.easySignup')}
        </a>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
