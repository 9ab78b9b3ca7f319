import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { PAYOUT_STATUSES, PAYOUT_TRANSITIONS } from '../../src/shared/payout-rules';
import type { StaffPayoutFilter, StaffPayoutsPageData, StaffWithdrawal } from '../../src/shared/payout-schemas';
import { STAFF_PATHS } from '../../src/shared/staff-paths';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { decideWithdrawal, type StaffPayoutAction } from '../data/payout-api';
import { useCurrency } from '../components/gift/currency';
import { ConfirmModal } from '../components/modals/ConfirmModal';
import { StaffFrame } from '../components/staff/StaffFrame';
import { StaffPaging, StaffTable } from '../components/staff/StaffTable';
import { useFailureWords } from '../data/use-mutation';
import { formatInteger } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';

const FILTERS: readonly StaffPayoutFilter[] = [...PAYOUT_STATUSES, 'all'];
/** The staff's actions, each with the state it leads to (the transitions allowed are payout-rules.ts's). */
const ACTIONS = { approve: 'approved', pay: 'paid', reject: 'rejected' } as const satisfies Record<StaffPayoutAction, string>;
const actionsOf = (w: StaffWithdrawal) => (Object.keys(ACTIONS) as StaffPayoutAction[]).filter((a) => PAYOUT_TRANSITIONS[w.status].includes(ACTIONS[a]));

const pageHref = (filter: StaffPayoutFilter, offset: number) => {
  const query = new URLSearchParams({ status: filter, ...(offset > 0 ? { offset: String(offset) } : {}) });
  return `${STAFF_PATHS.payouts}?${query}`;
};

/** The operators' payouts desk (P and O members): withdrawals by status, approved, paid (after the bank transfer) or rejected here. */
export function StaffPayoutsPage({ props }: { props: PageProps<'STAFF_PAYOUTS'> }) {
  const t = useT();
  const data = props.data;
  return (
    <StaffFrame staff={data.staff} current="payouts" title={t('payouts.staff.title')} only={t('payouts.staff.only')} className="staff-payouts">
      {data.list ? (
        <PayoutDesk key={`${data.filter}:${data.list.offset}`} data={data as StaffPayoutsPageData & { list: NonNullable<StaffPayoutsPageData['list']> }} locale={props.locale} />
      ) : (
        <p role="alert">{t('payouts.staff.loadFailed')}</p>
      )}
    </StaffFrame>
  );
}

type Pending = { withdrawal: StaffWithdrawal; action: 'pay' | 'reject' } | null;

function PayoutDesk({ data, locale }: { data: StaffPayoutsPageData & { list: NonNullable<StaffPayoutsPageData['list']> }; locale: string }) {
  const t = useT();
  const words = useFailureWords();
  const router = useRouter();
  const { currency } = useCurrency();
  const [state, setState] = useState({ sending: false, done: '', error: '' });
  const [pending, setPending] = useState<Pending>(null);
  const { list, filter } = data;
  const won = (krw: number) => t('payout.quote.krw', { amount: formatInteger(krw, locale) });
  const bankOf = (w: StaffWithdrawal) => t('payouts.staff.account', { bank: t(`payout.banks.${w.bankCode}`), number: w.bankAccount, holder: w.bankHolderName });

  const run = async (w: StaffWithdrawal, action: StaffPayoutAction) => {
    setPending(null);
    setState({ sending: true, done: '', error: '' });
    const res = await decideWithdrawal(w.withdrawId, action);
    // The API's own words on a refusal (in the page's language); the list loads again either way.
    setState({
      sending: false,
      done: res.ok ? t(`payouts.staff.done.${ACTIONS[action]}`, { id: w.withdrawId, currency }) : '',
      error: res.ok ? '' : (words(res, { fallback: 'payouts.staff.failed' }) ?? ''),
    });
    await router.refresh({ keepScroll: true });
  };

  const first = list.total === 0 ? 0 : list.offset + 1;
  const last = list.offset + list.items.length;
  const all = PAYOUT_STATUSES.reduce((sum, s) => sum + list.counts[s], 0);
  return (
    <>
      <nav className="staff-filter" aria-label={t('payouts.staff.filter')}>
        <ul>
          {FILTERS.map((f) => (
            <li key={f}>
              <a href={pageHref(f, 0)} aria-current={f === filter ? 'page' : undefined}>
                {t('payouts.staff.filterOption', { status: f === 'all' ? t('payouts.staff.all') : t(`payout.status.${f}`), n: formatInteger(f === 'all' ? all : list.counts[f], locale) })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" className="staff-done">
        {state.done}
      </p>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {list.items.length === 0 ? (
        <p className="empty-state">{t('payouts.staff.empty')}</p>
      ) : (
        <StaffTable
          captionId="payouts-staff-caption"
          caption={t('payouts.staff.caption', { status: filter === 'all' ? t('payouts.staff.all') : t(`payout.status.${filter}`), from: first, to: last, total: formatInteger(list.total, locale) })}
        >
          <thead>
            <tr>
              <th scope="col">{t('payouts.staff.columns.id')}</th>
              <th scope="col">{t('payouts.staff.columns.creator')}</th>
              <th scope="col">{t('payouts.staff.columns.luv', { currency })}</th>
              <th scope="col">{t('payouts.staff.columns.fee')}</th>
              <th scope="col">{t('payouts.staff.columns.withholding')}</th>
              <th scope="col">{t('payouts.staff.columns.net')}</th>
              <th scope="col">{t('payouts.staff.columns.bank')}</th>
              <th scope="col">{t('payouts.staff.columns.requestedAt')}</th>
              <th scope="col">{t('payouts.staff.columns.status')}</th>
              <th scope="col">{t('payouts.staff.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((w) => (
              <tr key={w.withdrawId} data-withdraw-id={w.withdrawId}>
                <th scope="row">#{w.withdrawId}</th>
                <td>{t('payouts.staff.creator', { nickname: w.nickname, loginId: w.loginId })}</td>
                <td className="num">{formatInteger(w.luv, locale)}</td>
                <td className="num">{won(w.feeKrw)}</td>
                <td className="num">{won(w.withholdingKrw)}</td>
                <td className="num">
                  <strong>{won(w.netKrw)}</strong>
                </td>
                <td>{bankOf(w)}</td>
                <td className="when">{formatDateTime(w.requestedAt, locale)}</td>
                <td>
                  <span className={`badge payout-status payout-status-${w.status}`}>{t(`payout.status.${w.status}`)}</span>
                </td>
                <td className="staff-actions">
                  {actionsOf(w).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={`btn btn-small${action === 'reject' ? '' : ' btn-primary'}`}
                      disabled={state.sending}
                      aria-label={t('payouts.staff.actionLabel', { action: t(`payouts.staff.actions.${action}`), id: w.withdrawId, nickname: w.nickname })}
                      onClick={() => (action === 'approve' ? run(w, action) : setPending({ withdrawal: w, action }))}
                    >
                      {t(`payouts.staff.actions.${action}`)}
                    </button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
      <StaffPaging list={list} href={(offset) => pageHref(filter, offset)} />
      <ConfirmModal
        id="staff-payout-confirm"
        open={pending !== null}
        title={pending ? t(`payouts.staff.confirm.${pending.action}.title`) : ''}
        message={
          pending
            ? t(`payouts.staff.confirm.${pending.action}.message`, {
                id: pending.withdrawal.withdrawId,
                nickname: pending.withdrawal.nickname,
                loginId: pending.withdrawal.loginId,
                net: won(pending.withdrawal.netKrw),
                bank: bankOf(pending.withdrawal),
                amount: formatInteger(pending.withdrawal.luv, locale),
                currency,
              })
            : ''
        }
        confirmLabel={pending ? t(`payouts.staff.confirm.${pending.action}.button`) : ''}
        onConfirm={() => pending && run(pending.withdrawal, pending.action)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
