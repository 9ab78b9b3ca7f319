import type { FormEvent } from 'react';
import type { AuditList } from '../../../src/shared/sanction-schemas';
import type { ChannelSettings } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { changeSwitches } from '../../data/staff-api';
import { FormStatus, SubmitButton, useFormRun } from '../ui/small-form';
import { formatDateTime } from '../../lib/format-detail';

/** The channel switches staff turn on and off (the bank fields have their own screens). */
const SWITCHES = ['broadcast', 'broadcasting', 'adultBroadcast', 'adultPlusBroadcast', 'isSnsLoginKakao', 'isSnsLoginNaver', 'isSnsLoginGoogle', 'isSnsLoginTwitch'] as const;
type Switch = (typeof SWITCHES)[number];

/** The channel switches: the changed ones go to the admin route, which tells the rooms on air at once. */
export function SwitchesForm({ switches }: { switches: ChannelSettings | null }) {
  const t = useT();
  const router = useRouter();
  const { busy, result, run, failedResult } = useFormRun();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!switches) return;
    const form = new FormData(e.currentTarget);
    const patch: Partial<Record<Switch, boolean>> = {};
    for (const key of SWITCHES) if (form.has(key) !== switches[key]) patch[key] = form.has(key);
    if (Object.keys(patch).length === 0) return;
    void run(async () => {
      const res = await changeSwitches(patch);
      if (!res.ok) return failedResult(res, { fallback: 'staff.console.failed' });
      await router.refresh({ keepScroll: true });
      return { ok: true, text: t('staff.console.switches.done', { rooms: res.body?.notifiedRooms ?? 0 }) };
    });
  };
  return (
    <section aria-labelledby="staff-switches-title" className="staff-section">
      <h2 id="staff-switches-title">{t('staff.console.switches.title')}</h2>
      {!switches ? (
        <p role="alert">{t('staff.console.loadFailed')}</p>
      ) : (
        <form method="post" onSubmit={onSubmit} aria-describedby="staff-switches-status">
          <fieldset>
            <legend>{t('staff.console.switches.legend')}</legend>
            {SWITCHES.map((key) => (
              <label key={key} className="checkbox">
                <input type="checkbox" name={key} defaultChecked={switches[key]} />
                {t(`staff.console.switches.names.${key}`)}
              </label>
            ))}
          </fieldset>
          <SubmitButton busy={busy}>{t('staff.console.switches.submit')}</SubmitButton>
          <FormStatus id="staff-switches-status" result={result} />
        </form>
      )}
    </section>
  );
}

/** The newest staff actions: who, what, to what, when, before and after. */
export function AuditSection({ audit, locale }: { audit: AuditList | null; locale: string }) {
  const t = useT();
  return (
    <section aria-labelledby="staff-audit-title" className="staff-section">
      <h2 id="staff-audit-title">{t('staff.console.audit.title')}</h2>
      {!audit ? (
        <p role="alert">{t('staff.console.loadFailed')}</p>
      ) : audit.items.length === 0 ? (
        <p className="empty-state">{t('staff.console.audit.empty')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, so the keyboard can scroll it
        <section className="staff-table-scroll" aria-labelledby="staff-audit-caption" tabIndex={0}>
          <table className="staff-table">
            <caption id="staff-audit-caption">{t('staff.console.audit.caption', { count: audit.items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.console.audit.at')}</th>
                <th scope="col">{t('staff.console.audit.actor')}</th>
                <th scope="col">{t('staff.console.audit.action')}</th>
                <th scope="col">{t('staff.console.audit.target')}</th>
                <th scope="col">{t('staff.console.audit.before')}</th>
                <th scope="col">{t('staff.console.audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.items.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.at, locale)}</td>
                  <td>{row.actor ?? '-'}</td>
                  <td>{row.action}</td>
                  <td>{`${row.targetType} ${row.targetId}`}</td>
                  <td>
                    <code>{row.before === null ? '-' : JSON.stringify(row.before)}</code>
                  </td>
                  <td>
                    <code>{row.after === null ? '-' : JSON.stringify(row.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
