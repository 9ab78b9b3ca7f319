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
  /** The action destroys something: the confirm button says so by its colour. */
  danger?: boolean;
}

/** A question with cancel and one action; the question is the dialog's description. */
export function ConfirmModal({ id, open, title, message, confirmLabel, onConfirm, onCancel, focusConfirm = false, danger = false }: ConfirmModalProps) {
  const t = useT();
  const messageId = `${id}-message`;
  return (
    <Modal id={id} open={open} title={title} describedBy={messageId} onCancel={onCancel}>
      <p id={messageId} className="modal-text">
        {message}
      </p>
      <div className="modal-actions">
        <button type="button" className="btn" data-autofocus={!focusConfirm || undefined} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} data-autofocus={focusConfirm || undefined} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
