import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { CS_LIMITS, CS_PATHS, CS_POST_KINDS, type CsPostKind } from '../../src/shared/cs-rules';
import type { AccountChange, Inquiry, StaffReport } from '../../src/shared/cs-schemas';
import { LOCALES, type Locale } from '../../src/shared/locales';
import { useT } from '../i18n/i18n';
import { LOCALE_NAMES } from '../i18n/locale-names';
import { useRouter } from '../app/router-context';
import { answerInquiry, closeReport, decideAccountChange, writePost } from '../data/cs-api';
import type { ApiResult } from '../data/api';
import { Paragraphs } from '../components/cs/CsNav';
import { StaffFrame } from '../components/staff/StaffFrame';
import { useMutation } from '../data/use-mutation';
import { formatDateTime } from '../lib/format-detail';

/** The operator's customer service desk (P and O members): answer inquiries, close reports, decide account changes, write posts. */
export function StaffCsPage({ props }: { props: PageProps<'STAFF_CS'> }) {
  const t = useT();
  const data = props.data;
  return (
    <StaffFrame staff={data.staff} current="cs" title={t('cs.staff.title')} only={t('cs.staff.only')} className="cs-staff">
      <section aria-labelledby="staff-inquiries">
        <h2 id="staff-inquiries">{t('cs.staff.inquiries', { n: data.inquiries?.total ?? 0 })}</h2>
        {data.inquiries?.items.length ? (
          <ul className="cs-list">
            {data.inquiries.items.map((inquiry) => (
              <InquiryItem key={inquiry.id} inquiry={inquiry} locale={props.locale} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t('cs.staff.noInquiries')}</p>
        )}
      </section>
      <section aria-labelledby="staff-reports">
        <h2 id="staff-reports">{t('cs.staff.reports', { n: data.reports?.total ?? 0 })}</h2>
        {data.reports?.items.length ? (
          <ul className="cs-list">
            {data.reports.items.map((report) => (
              <ReportItem key={`${report.source}-${report.id}`} report={report} locale={props.locale} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t('cs.staff.noReports')}</p>
        )}
      </section>
      <section aria-labelledby="staff-changes">
        <h2 id="staff-changes">{t('cs.staff.changes', { n: data.changes?.total ?? 0 })}</h2>
        {data.changes?.items.length ? (
          <ul className="cs-list">
            {data.changes.items.map((change) => (
              <ChangeItem key={change.id} change={change} locale={props.locale} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">{t('cs.staff.noChanges')}</p>
        )}
      </section>
      <PostForm />
    </StaffFrame>
  );
}

/** Run a staff call, one at a time; on success the page's lists load again. */
function useStaffCall() {
  const router = useRouter();
  const call = useMutation((work: () => Promise<ApiResult<unknown>>) => work(), { fallback: 'cs.failed', show: 'form' });
  const run = async <T,>(work: () => Promise<ApiResult<T>>): Promise<boolean> => {
    const res = await call.run(work);
    if (res?.ok) await router.refresh({ keepScroll: true });
    return res?.ok === true;
  };
  return { sending: call.pending, error: call.failure ?? '', run };
}

function ErrorLine({ error }: { error: string }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

function InquiryItem({ inquiry, locale }: { inquiry: Inquiry; locale: string }) {
  const t = useT();
  const { sending, error, run } = useStaffCall();
  const [answer, setAnswer] = useState('');
  const field = `answer-${inquiry.id}`;
  return (
    <li className="cs-staff-item">
      <h3>
        <a href={CS_PATHS.inquiry(inquiry.id)}>{inquiry.title}</a>
      </h3>
      <p className="muted">
        {inquiry.member.nickname} (@{inquiry.member.loginId}) · {t(`cs.boardTypes.${inquiry.boardType}`)} · {t(`cs.categories.${inquiry.categoryId}`)} · {formatDateTime(inquiry.createdAt, locale)}
      </p>
      <Paragraphs text={inquiry.content} />
      {inquiry.attachments.map((f, i) => (
        <a key={f.key} href={f.url} target="_blank" rel="noopener" className="cs-file-link">
          {t('cs.fileN', { n: i + 1 })}
        </a>
      ))}
      <form
        method="post"
        className="cs-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await run(() => answerInquiry(inquiry.id, answer))) setAnswer('');
        }}
      >
        <label htmlFor={field}>{t('cs.staff.answerFor', { title: inquiry.title })}</label>
        <textarea id={field} value={answer} onChange={(e) => setAnswer(e.target.value)} required maxLength={CS_LIMITS.answerLength} rows={3} />
        <ErrorLine error={error} />
        <button type="submit" className="btn btn-primary btn-small" disabled={sending}>
          {t('cs.staff.answer')}
        </button>
      </form>
    </li>
  );
}

function ReportItem({ report, locale }: { report: StaffReport; locale: string }) {
  const t = useT();
  const { sending, error, run } = useStaffCall();
  const target = report.target ? `${report.target.nickname} (@${report.target.loginId})` : report.targetId;
  return (
    <li className="cs-staff-item" data-report={`${report.source}-${report.id}`}>
      <p>
        <strong>{t(`cs.staff.target.${report.targetType}`)}</strong> {target} · {report.source === 'cs' ? t(`cs.reasons.${report.reason}`) : report.reason} ·{' '}
        <span className="muted">
          {t('cs.staff.reportedBy', { name: `${report.reporter.nickname} (@${report.reporter.loginId})` })} · {formatDateTime(report.createdAt, locale)}
        </span>
      </p>
      {report.quote && <blockquote className="cs-quote">{report.quote}</blockquote>}
      {report.content && <Paragraphs text={report.content} />}
      {report.attachments.map((f, i) => (
        <a key={f.key} href={f.url} target="_blank" rel="noopener" className="cs-file-link">
          {t('cs.fileN', { n: i + 1 })}
        </a>
      ))}
      <ErrorLine error={error} />
      <button type="button" className="btn btn-small" disabled={sending} onClick={() => run(() => closeReport(report.source, report.id))}>
        {t('cs.staff.close')}
      </button>
    </li>
  );
}

function ChangeItem({ change, locale }: { change: AccountChange; locale: string }) {
  const t = useT();
  const { sending, error, run } = useStaffCall();
  const [note, setNote] = useState('');
  const field = `note-${change.id}`;
  return (
    <li className="cs-staff-item">
      <p>
        <strong>{t(`cs.change.kinds.${change.kind}`)}</strong> {change.member.nickname} (@{change.member.loginId}) · <span className="muted">{formatDateTime(change.createdAt, locale)}</span>
      </p>
      <Paragraphs text={change.content} />
      {change.attachments.map((f, i) => (
        <a key={f.key} href={f.url} target="_blank" rel="noopener" className="cs-file-link">
          {t('cs.fileN', { n: i + 1 })}
        </a>
      ))}
      <label htmlFor={field}>{t('cs.staff.note')}</label>
      <input id={field} value={note} onChange={(e) => setNote(e.target.value)} maxLength={CS_LIMITS.accountChangeLength} />
      <ErrorLine error={error} />
      <button type="button" className="btn btn-small btn-primary" disabled={sending} onClick={() => run(() => decideAccountChange(change.id, 'done', note))}>
        {t('cs.staff.done')}
      </button>{' '}
      <button type="button" className="btn btn-small" disabled={sending} onClick={() => run(() => decideAccountChange(change.id, 'rejected', note))}>
        {t('cs.staff.reject')}
      </button>
    </li>
  );
}

function PostForm() {
  const t = useT();
  const { sending, error, run } = useStaffCall();
  const [done, setDone] = useState(false);
  return (
    <section aria-labelledby="staff-post">
      <h2 id="staff-post">{t('cs.staff.writePost')}</h2>
      <form
        method="post"
        className="cs-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const f = new FormData(form);
          // The form's selects offer only the kinds and locales (CS_POST_KINDS, LOCALES).
          const ok = await run(() => writePost({ kind: String(f.get('kind')) as CsPostKind, locale: String(f.get('locale')) as Locale, title: String(f.get('title')), body: String(f.get('body')) }));
          setDone(ok);
          if (ok) form.reset();
        }}
      >
        <label htmlFor="post-kind">{t('cs.staff.postKind')}</label>
        <select id="post-kind" name="kind" defaultValue="notice">
          {CS_POST_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`cs.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor="post-locale">{t('cs.staff.postLocale')}</label>
        <select id="post-locale" name="locale" defaultValue="ko">
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
        <label htmlFor="post-title">{t('cs.staff.postTitle')}</label>
        <input id="post-title" name="title" required maxLength={CS_LIMITS.titleLength} />
        <label htmlFor="post-body">{t('cs.staff.postBody')}</label>
        <textarea id="post-body" name="body" required maxLength={CS_LIMITS.postBodyLength} rows={6} />
        <ErrorLine error={error} />
        <p role="status">{done ? t('cs.staff.posted') : ''}</p>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {t('cs.staff.publish')}
        </button>
      </form>
    </section>
  );
}
