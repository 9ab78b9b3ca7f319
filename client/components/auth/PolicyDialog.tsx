import { useT } from '../../i18n/i18n';
import type { Policy } from '../../data/account';
import { Modal } from '../modals/Modal';

/** A policy text (service-rules, privacy-rules) in a dialog over the form. */
export function PolicyDialog({ id, policy, onClose }: { id: string; policy: Policy | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal id={id} open={!!policy} title={policy?.title ?? ''} onCancel={onClose} className="modal-policy">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text (max-height, overflow) must take focus so keyboard users can scroll it */}
      <div className="policy-text" tabIndex={0} role="document" aria-label={policy?.title}>
        {policy?.body}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
