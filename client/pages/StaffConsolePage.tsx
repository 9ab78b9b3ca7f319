import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { StaffConsolePageData } from '../../src/shared/sanction-schemas';
import type { StaffReport } from '../../src/shared/cs-schemas';
import { useT } from '../i18n/i18n';
import { StaffFrame } from '../components/staff/StaffFrame';
import { SanctionForm } from '../components/staff/SanctionForm';
import { MemberLookupSection } from '../components/staff/MemberLookupSection';
import { AuditSection, SwitchesForm } from '../components/staff/ConsoleSections';
import { formatDateTime } from '../lib/format-detail';

/** The staff console (P and O members): reports with one-click sanctions, the member lookup, channel switches, the audit log. */
export function StaffConsolePage({ props }: { props: PageProps<'STAFF_CONSOLE'> }) {
  const t = useT();
  const data = props.data;
  return (
    <StaffFrame staff={data.staff} current="console" title={t('staff.console.title')} only={t('payouts.staff.only')} className="staff-console">
      {data.staff && (
        <>
          <ReportQueue data={data} locale={props.locale} />
          <MemberLookupSection query={data.query} lookup={data.lookup} locale={props.locale} />
          <SwitchesForm switches={data.switches} />
          <AuditSection audit={data.audit} locale={props.locale} />
        </>
      )}
    </StaffFrame>
  );
}

function ReportQueue({ data, locale }: { data: Pick<StaffConsolePageData, 'reports'>; locale: string }) {
  const t = useT();
  // The queue says what was done: the report's own form leaves with the report it closed.
  const [done, setDone] = useState('');
  return (
    <section aria-labelledby="staff-reports-title" className="staff-section">
      <h2 id="staff-reports-title">{t('staff.console.reports.title')}</h2>
      <p role="status" className="staff-done">
        {done}
      </p>
      {!data.reports ? (
        <p role="alert">{t('staff.console.loadFailed')}</p>
      ) : data.reports.items.length === 0 ? (
        <p className="empty-state">{t('staff.console.reports.empty')}</p>
      ) : (
        <ol className="staff-reports">
          {data.reports.items.map((r) => (
            <ReportItem key={`${r.source}:${r.id}`} report={r} locale={locale} announce={setDone} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportItem({ report: r, locale, announce }: { report: StaffReport; locale: string; announce: (text: string) => void }) {
  const t = useT();
  const headingId = `report-${r.source}-${r.id}`;
  const reason = r.source === 'cs' ? t(`cs.reasons.${r.reason}`) : r.reason;
  return (
    <li className="staff-report" aria-labelledby={headingId} data-report={`${r.source}:${r.id}`}>
      <h3 id={headingId}>{r.target ? t('staff.console.reports.about', { nickname: r.target.nickname, loginId: r.target.loginId }) : t('staff.console.reports.noMember')}</h3>
      <p className="muted">{t('staff.console.reports.meta', { type: t(`staff.console.reports.types.${r.targetType}`), reporter: r.reporter.nickname, date: formatDateTime(r.createdAt, locale) })}</p>
      <dl>
        <dt>{t('staff.console.reports.reason')}</dt>
        <dd>{reason || '-'}</dd>
        {r.quote && (
          <>
            <dt>{t('staff.console.reports.reported')}</dt>
            <dd>
              <blockquote>{r.quote}</blockquote>
            </dd>
          </>
        )}
        {r.content && (
          <>
            <dt>{t('staff.console.reports.words')}</dt>
            <dd>{r.content}</dd>
          </>
        )}
      </dl>
      {r.target && (
        <SanctionForm
          loginId={r.target.loginId}
          nickname={r.target.nickname}
          report={{ source: r.source, id: r.id }}
          defaultReason={reason || t('staff.console.reports.defaultReason')}
          announce={announce}
        />
      )}
    </li>
  );
}
