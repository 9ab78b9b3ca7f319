import { useState } from 'react';
import { REPORT_REASONS, type ReportTargetType } from '../../../src/shared/cs-rules';
import { IMAGE_ACCEPT } from '../../../src/shared/uploads';
import { fileReport } from '../../data/cs-api';
import { useT } from '../../i18n/i18n';
import { Modal } from '../modals/Modal';
import { DialogFormActions } from '../modals/DialogFormActions';
import { useFailureWords } from '../../data/use-mutation';

export interface ReportTarget {
  type: ReportTargetType;
  /** channel and board: the id; member and chat: the login ID. */
  id: string;
  /** What the reporter sees it as (a nickname, a channel title). */
  label: string;
  /** chat: the line's words. */
  quote?: string;
}

/** The report form: a reason, the reporter's words and screenshots, sent to the operator's list. */
export function ReportDialog({ id, target, onClose }: { id: string; target: ReportTarget | null; onClose: () => void }) {
  const t = useT();
  const words = useFailureWords();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({ kind: 'idle' });
  const close = () => {
    setState({ kind: 'idle' });
    onClose();
  };
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || state.kind === 'sending') return;
    const form = new FormData(event.currentTarget);
    form.set('targetType', target.type);
    form.set('targetId', target.id);
    if (target.quote) form.set('quote', target.quote);
    const file = form.get('files');
    if (file instanceof File && file.size === 0) form.delete('files');
    setState({ kind: 'sending' });
    const res = await fileReport(form);
    const text = res.ok ? null : words(res, { fallback: 'cs.report.failed' });
    setState(res.ok ? { kind: 'sent' } : text === null ? { kind: 'idle' } : { kind: 'failed', message: text });
  };
  return (
    <Modal id={id} open={target !== null} title={t('cs.report.title')} onCancel={close}>
      {target && state.kind === 'sent' ? (
        <>
          <p role="status">{t('cs.report.sent')}</p>
          <div className="modal-actions">
            <a href="/cs/reports">{t('cs.report.myReports')}</a>
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </>
      ) : (
        target && (
          <form method="post" onSubmit={submit} className="cs-form">
            <p>{t(`cs.report.about.${target.type}`, { name: target.label })}</p>
            {target.quote && <blockquote className="cs-quote">{target.quote}</blockquote>}
            <label htmlFor={`${id}-reason`}>{t('cs.report.reason')}</label>
            <select id={`${id}-reason`} name="reason" required defaultValue="">
              <option value="" disabled>
                {t('cs.report.choose')}
              </option>
              {REPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`cs.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-content`}>{t('cs.report.content')}</label>
            <textarea id={`${id}-content`} name="content" maxLength={1000} rows={3} />
            <label htmlFor={`${id}-files`}>{t('cs.report.file')}</label>
            <input id={`${id}-files`} name="files" type="file" accept={IMAGE_ACCEPT} />
            <DialogFormActions failure={state.kind === 'failed' ? (state.message ?? '') : null} busy={state.kind === 'sending'} submitLabel={t('cs.report.submit')} onCancel={close} />
          </form>
        )
      )}
    </Modal>
  );
}
