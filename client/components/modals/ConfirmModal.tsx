import { useT } from '../../i18n/i18n';
import { Modal } from './Modal';

interface ConfirmModalProps {
  id: string;
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancel, Esc and a click beside the dialog. */
  onCancel: () => void;
  /** Focus starts on the confirm button; otherwise on cancel, the safe choice when the action destroys something. */
  focusConfirm?: boolean;
}

/** A question with cancel and one action. */
export function ConfirmModal({ id, open, title, message, confirmLabel, onConfirm, onCancel, focusConfirm = false }: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal id={id} open={open} title={title} onCancel={onCancel}>
      <p className="modal-text">{message}</p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" data-autofocus={focusConfirm || undefined} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
