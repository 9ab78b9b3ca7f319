import { type FormEvent, useId } from 'react';
import { SANCTION_KINDS, SANCTION_LIMITS, type SanctionKindName, type SanctionRequest } from '../../../src/shared/sanction-schemas';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { sanctionMember } from '../../data/staff-api';
import { FormStatus, useFormRun } from '../ui/small-form';

const DEFAULT_MUTE_HOURS = 24;
const DEFAULT_SUSPEND_DAYS = 7;

/**
 * One member's sanctions in one form: a reason, the mute's hours and the suspension's days, and a button per kind,
 * so a sanction is one click (the button pressed is the kind). From a report, the report closes with it.
 */
export function SanctionForm({
  loginId,
  nickname,
  report,
  defaultReason,
  announce,
}: {
  loginId: string;
  nickname: string;
  report?: SanctionRequest['report'];
  defaultReason: string;
  /** Where the outcome is said when this form goes away with it (a report closed by its sanction leaves the queue). */
  announce?: (text: string) => void;
}) {
  const t = useT();
  const router = useRouter();
  const id = useId();
  const { busy, result, run, failedResult } = useFormRun();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(e.currentTarget);
    const kind = submitter?.value as SanctionKindName | undefined;
    if (!kind || !SANCTION_KINDS.includes(kind)) return;
    const reason = String(form.get('reason') ?? '');
    const base = { loginId, reason, ...(report ? { report } : {}) };
    const request: SanctionRequest = kind === 'mute' ? { ...base, kind, hours: Number(form.get('hours')) } : kind === 'suspend' ? { ...base, kind, days: Number(form.get('days')) } : { ...base, kind };
    void run(async () => {
      const res = await sanctionMember(request);
      if (!res.ok) return failedResult(res, { fallback: 'staff.console.failed' });
      const text = t(`staff.console.done.${kind}`, { nickname });
      announce?.(text);
      await router.refresh({ keepScroll: true });
      return { ok: true, text };
    });
  };

  return (
    <form method="post" className="sanction-form" onSubmit={onSubmit} aria-label={t('staff.console.sanctionFor', { nickname, loginId })} aria-describedby={`${id}-status`}>
      <label>
        {t('staff.console.reason')}
        <textarea className="input" name="reason" required maxLength={SANCTION_LIMITS.reasonLength} defaultValue={defaultReason} rows={2} />
      </label>
      <label>
        {t('staff.console.hours')}
        <input className="input" name="hours" type="number" inputMode="numeric" min={1} max={SANCTION_LIMITS.muteHours} defaultValue={DEFAULT_MUTE_HOURS} required />
      </label>
      <label>
        {t('staff.console.days')}
        <input className="input" name="days" type="number" inputMode="numeric" min={1} max={SANCTION_LIMITS.suspendDays} defaultValue={DEFAULT_SUSPEND_DAYS} required />
      </label>
      <div className="sanction-buttons">
        {SANCTION_KINDS.map((kind) => (
          <button key={kind} type="submit" name="kind" value={kind} className="btn btn-small" disabled={busy}>
            {t(`staff.console.kinds.${kind}`)}
          </button>
        ))}
      </div>
      <FormStatus id={`${id}-status`} result={result} />
    </form>
  );
}
