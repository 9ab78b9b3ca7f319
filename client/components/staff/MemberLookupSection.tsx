import type { FormEvent } from 'react';
import { SANCTION_LIMITS, type MemberDetail, type MemberLookup, type Sanction, type Standing } from '../../../src/shared/sanction-schemas';
import { STAFF_PATHS } from '../../../src/shared/staff-paths';
import { useT, type Translate } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { liftSanction } from '../../data/staff-api';
import { FormStatus, useFormRun } from '../ui/small-form';
import { SanctionForm } from './SanctionForm';
import { statusKey } from '../wallet/payment-logic';
import { formatDate, formatInteger } from '../../lib/format';
import { formatDateTime } from '../../lib/format-detail';

/** What a member may do now, in words. */
export function standingWords(s: Standing, t: Translate, locale: string): string {
  const parts = [
    s.blocked ? t('staff.console.standing.blocked') : null,
    s.suspendedUntil ? t('staff.console.standing.suspended', { date: formatDateTime(s.suspendedUntil, locale) }) : null,
    s.mutedUntil ? t('staff.console.standing.muted', { date: formatDateTime(s.mutedUntil, locale) }) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('staff.console.standing.clear');
}

/** The member lookup: by login ID or nickname; the exact match in full, with sanctions (to lift), payments and reports. */
export function MemberLookupSection({ query, lookup, locale }: { query: string; lookup: MemberLookup | null; locale: string }) {
  const t = useT();
  const router = useRouter();
  // The query goes in the page's address (a login ID or nickname, nothing secret), as a link to the result would.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    void router.navigate(q ? `${STAFF_PATHS.console}?${new URLSearchParams({ q })}` : STAFF_PATHS.console);
  };
  return (
    <section aria-labelledby="staff-lookup-title" className="staff-section">
      <h2 id="staff-lookup-title">{t('staff.console.lookup.title')}</h2>
      <search>
        <form method="post" onSubmit={onSubmit} className="staff-lookup-form">
          <label htmlFor="staff-lookup-q">{t('staff.console.lookup.label')}</label>
          <input id="staff-lookup-q" className="input" name="q" type="search" defaultValue={query} maxLength={SANCTION_LIMITS.queryLength} required />
          <button type="submit" className="btn btn-small">
            {t('staff.console.lookup.submit')}
          </button>
        </form>
      </search>
      {query && !lookup && <p role="alert">{t('staff.console.loadFailed')}</p>}
      {lookup && !lookup.member && (
        <>
          <p>{lookup.matches.length ? t('staff.console.lookup.pick') : t('staff.console.lookup.none')}</p>
          <ul>
            {lookup.matches.map((m) => (
              <li key={m.loginId}>
                <a href={`${STAFF_PATHS.console}?${new URLSearchParams({ q: m.loginId })}`}>{t('staff.console.member', { nickname: m.nickname, loginId: m.loginId })}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {lookup?.member && <MemberDetailView member={lookup.member} locale={locale} />}
    </section>
  );
}

function MemberDetailView({ member, locale }: { member: MemberDetail; locale: string }) {
  const t = useT();
  return (
    <article aria-labelledby="staff-member-title" className="staff-member">
      <h3 id="staff-member-title">{t('staff.console.member', { nickname: member.nickname, loginId: member.loginId })}</h3>
      <p>{t('staff.console.lookup.since', { date: formatDate(member.createdAt, locale), last: member.lastLoginAt ? formatDateTime(member.lastLoginAt, locale) : '-' })}</p>
      <p role="status">{standingWords(member.standing, t, locale)}</p>
      <SanctionForm loginId={member.loginId} nickname={member.nickname} defaultReason="" />
      <h4>{t('staff.console.lookup.sanctions')}</h4>
      {member.sanctions.length === 0 ? (
        <p className="empty-state">{t('staff.console.lookup.noSanctions')}</p>
      ) : (
        <ul className="staff-sanctions">
          {member.sanctions.map((s) => (
            <SanctionItem key={s.id} sanction={s} locale={locale} />
          ))}
        </ul>
      )}
      <h4>{t('staff.console.lookup.payments')}</h4>
      {member.payments.length === 0 ? (
        <p className="empty-state">{t('staff.console.lookup.noPayments')}</p>
      ) : (
        <ul>
          {member.payments.map((p) => (
            <li key={p.orderId}>
              {t('staff.console.lookup.payment', { date: formatDateTime(p.createdAt, locale), name: p.orderName, amount: formatInteger(p.amount, locale), status: t(statusKey(p.status)) })}
            </li>
          ))}
        </ul>
      )}
      <h4>{t('staff.console.lookup.reports')}</h4>
      {member.reports.length === 0 ? (
        <p className="empty-state">{t('staff.console.lookup.noReports')}</p>
      ) : (
        <ul>
          {member.reports.map((r) => (
            <li key={`${r.source}:${r.id}`}>
              {t('staff.console.lookup.report', {
                date: formatDateTime(r.createdAt, locale),
                reporter: r.reporter,
                words: r.quote || r.content || r.reason,
                status: t(`staff.console.reportStatus.${r.status}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function SanctionItem({ sanction: s, locale }: { sanction: Sanction; locale: string }) {
  const t = useT();
  const router = useRouter();
  const { busy, result, run, failedResult } = useFormRun();
  const lift = () =>
    run(async () => {
      const res = await liftSanction(s.id);
      if (!res.ok) return failedResult(res, { fallback: 'staff.console.failed' });
      await router.refresh({ keepScroll: true });
      return { ok: true, text: t('staff.console.lifted') };
    });
  return (
    <li>
      {t('staff.console.lookup.sanction', {
        kind: t(`staff.console.kinds.${s.kind}`),
        date: formatDateTime(s.startsAt, locale),
        until: s.endsAt ? formatDateTime(s.endsAt, locale) : '-',
        by: s.by ?? '-',
        reason: s.reason,
      })}
      {s.liftedAt !== null && ` ${t('staff.console.lookup.liftedOn', { date: formatDateTime(s.liftedAt, locale), by: s.liftedBy ?? '-' })}`}
      {s.inForce && (
        <button type="button" className="btn btn-small" disabled={busy} onClick={lift} aria-label={t('staff.console.liftLabel', { kind: t(`staff.console.kinds.${s.kind}`), id: s.id })}>
          {t('staff.console.lift')}
        </button>
      )}
      <FormStatus id={`sanction-${s.id}-status`} result={result} />
    </li>
  );
}
