import { useT } from '../../i18n/i18n';

/** The end of a dialog's form: what went wrong (if anything), then cancel and the submit, off while it is sent. */
export function DialogFormActions({ failure, busy, submitLabel, onCancel }: { failure: string | null; busy: boolean; submitLabel: string; onCancel: () => void }) {
  const t = useT();
  return (
    <>
      {failure !== null && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
