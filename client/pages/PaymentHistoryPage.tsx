import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { FlaxPayment, LuvPaymentListResponse } from '../../src/shared/shop-schemas';
import { PAYMENT_PERIODS, PAYMENTS_PAGE, WALLET_PATHS, type PaymentPeriod } from '../../src/shared/wallet-pages';
import { type Translate, useT } from '../i18n/i18n';
import { useCurrency } from '../components/gift/currency';
import { itemName } from '../components/items/item-name';
import { pushToastAtom } from '../state/ui';
import { cancelPayment, flaxPayments, luvPayments } from '../data/shop-api';
import { setLuvBalance, useLuvBalance } from '../data/use-luv-balance';
import { methodKey, replacePayment, statusKey } from '../components/wallet/payment-logic';
import { PAYMENT_STATUS } from '../../src/shared/payment-status';
import { Tabs } from '../components/ui/Tabs';
import { usePagedList } from '../components/lists/use-paged-list';
import { ConfirmModal } from '../components/modals/ConfirmModal';
import { useFailureNotice } from '../data/use-mutation';
import { formatDateTime, formatKrw } from '../lib/format-detail';

type HistoryTab = 'flax' | 'luv';
type LuvPaymentItem = LuvPaymentListResponse['items'][number];

/** Payment history: money paid for luv (with refunds) and luv paid out of the wallet, over a period. */
export function PaymentHistoryPage({ props }: { props: PageProps<'PAYMENTS'> }) {
  const t = useT();
  const data = props.data;
  const balance = useLuvBalance(true, data.balance ?? null);
  const { currency, luv, amount } = useCurrency();
  const [tab, setTab] = useState<HistoryTab>('flax');
  const [period, setPeriod] = useState<PaymentPeriod>(data.period ?? '90');
  // The page's own first page of payments is as they were at load: once another period was shown, coming back to
  // this one fetches it again (a refund made meanwhile would come back as still refundable).
  const [periodChanged, setPeriodChanged] = useState(false);

  return (
    <section className="wallet-page" aria-labelledby="history-title">
      <div className="list-head">
        <h1 id="history-title">{t('paymentHistory.title')}</h1>
        <a href={WALLET_PATHS.LUV} className="btn btn-small">
          {t('shop.balance', luv(balance))}
        </a>
      </div>
      <label className="select-label history-period">
        {t('paymentHistory.period')}
        <select
          className="input"
          value={period}
          onChange={(e) => {
            setPeriod(e.target.value as PaymentPeriod);
            setPeriodChanged(true);
          }}
        >
          {PAYMENT_PERIODS.map((days) => (
            <option key={days} value={days}>
              {t('paymentHistory.days', { days })}
            </option>
          ))}
        </select>
      </label>
      <Tabs
        id="history-tabs"
        label={t('paymentHistory.title')}
        tabs={[
          { key: 'flax', label: t('paymentHistory.flaxTab') },
          { key: 'luv', label: t('paymentHistory.luvTab', { currency }) },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {/* Keyed by period: another period starts a list afresh (the default's first page came with the page). The
            payments stay mounted behind the other tab, refunds and all; luv payments load when first shown. */}
        <div hidden={tab !== 'flax'}>
          <FlaxList key={period} props={props} period={period} initial={periodChanged ? null : (data.payments?.items ?? null)} initialTotal={data.payments?.total ?? 0} amount={amount} />
        </div>
        {tab === 'luv' && <LuvList key={period} props={props} period={period} amount={amount} />}
      </Tabs>
    </section>
  );
}

function FlaxList({
  props,
  period,
  initial,
  initialTotal,
  amount,
}: {
  props: PageProps;
  period: PaymentPeriod;
  initial: FlaxPayment[] | null;
  initialTotal: number;
  amount: (value: number) => string;
}) {
  const t = useT();
  const notice = useFailureNotice();
  const pushToast = useSetAtom(pushToastAtom);
  const list = usePagedList<FlaxPayment>(
    initial && { items: initial, total: initialTotal },
    (offset) => flaxPayments(offset, PAYMENTS_PAGE, period, props.isMobile),
    (p) => p.paymentId,
  );
  const [refunding, setRefunding] = useState<FlaxPayment | null>(null);
  const [busy, setBusy] = useState(false);
  // Set at once, before any render: a second click (or Enter) while the first refund is asked sends nothing.
  const asking = useRef(false);
  const { items } = list;

  const refund = async () => {
    const payment = refunding;
    setRefunding(null);
    if (!payment || asking.current) return;
    asking.current = true;
    setBusy(true);
    const done = await cancelPayment(payment.paymentId);
    asking.current = false;
    setBusy(false);
    if (!done.ok || !done.body) return notice(done, { fallback: 'errors.network' });
    const { payment: updated, refundedLuv, refundedAmount, balance } = done.body;
    list.setItems((all) => (all ? replacePayment(all, updated) : all));
    setLuvBalance(balance);
    pushToast({ key: 'paymentHistory.refunded', params: { amount: amount(refundedLuv), price: formatKrw(refundedAmount, props.locale) } });
    // Every other payment's refund is capped by the wallet balance the refund just lowered.
    void list.reload();
  };

  if (list.failed) return <p className="empty-state">{t('paymentHistory.loadFailed')}</p>;
  if (items === null) return <p className="muted">{t('paymentHistory.loading')}</p>;
  if (items.length === 0) return <p className="empty-state">{t('paymentHistory.empty')}</p>;
  return (
    <>
      <ul className="ledger-list" aria-busy={list.busy || busy}>
        {items.map((p) => (
          <li key={p.paymentId} className="ledger-row payment-row">
            <span className="ledger-main">
              <span className="channel-row-name">{p.orderName}</span>
              <span className="muted">
                {formatDateTime(p.createdAt, props.locale)} · {t(methodKey(p.method))}
              </span>
              <span>
                <span className={`badge payment-status payment-status-${p.status}`}>{t(statusKey(p.status))}</span>
                {p.status === PAYMENT_STATUS.waiting && p.virtualAccount && (
                  <span className="muted">
                    {' '}
                    {t('paymentHistory.depositTo', {
                      bank: p.virtualAccount.bank,
                      account: p.virtualAccount.accountNumber,
                      holder: p.virtualAccount.holder,
                      due: formatDateTime(p.virtualAccount.dueAt, props.locale),
                    })}
                  </span>
                )}
                {p.refundedLuv > 0 && <span className="muted"> {t('paymentHistory.refundedLine', { amount: amount(p.refundedLuv), price: formatKrw(p.refundedAmount, props.locale) })}</span>}
              </span>
            </span>
            <span className="ledger-amount">
              <span>{formatKrw(p.amount, props.locale)}</span>
              <span className="muted">{amount(p.luv)}</span>
              {p.refundable && (
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => setRefunding(p)} aria-label={t('paymentHistory.refundNamed', { name: p.orderName })}>
                  {t('paymentHistory.refund')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {list.more && (
        <button type="button" className="btn btn-block load-more" onClick={list.loadMore} disabled={list.busy}>
          {t('wallet.loadMore')}
        </button>
      )}
      <ConfirmModal
        id="refund-modal"
        open={refunding !== null}
        title={t('paymentHistory.refund')}
        message={refunding?.refundable ? t('paymentHistory.refundConfirm', { amount: amount(refunding.refundable.luv), price: formatKrw(refunding.refundable.amount, props.locale) }) : ''}
        confirmLabel={t('paymentHistory.refund')}
        onConfirm={refund}
        onCancel={() => setRefunding(null)}
      />
    </>
  );
}

/** What a spend paid for: a gift or a subscription to a creator, or items bought. */
function spendLabel(t: Translate, p: LuvPaymentItem): string {
  if (p.kind === 'item') return t('paymentHistory.kind.item', { item: itemName(t, p.itemCode ?? 0), quantity: p.quantity ?? 1 });
  return t(`paymentHistory.kind.${p.kind}`, { nickname: p.nickname ?? '' });
}

function LuvList({ props, period, amount }: { props: PageProps; period: PaymentPeriod; amount: (value: number) => string }) {
  const t = useT();
  const list = usePagedList<LuvPaymentItem>(
    null,
    (offset) => luvPayments(offset, PAYMENTS_PAGE, period, props.isMobile),
    (p) => p.movementId,
  );
  const { items } = list;
  if (list.failed) return <p className="empty-state">{t('paymentHistory.loadFailed')}</p>;
  if (items === null) return <p className="muted">{t('paymentHistory.loading')}</p>;
  if (items.length === 0) return <p className="empty-state">{t('paymentHistory.luvEmpty')}</p>;
  return (
    <>
      <ul className="ledger-list" aria-busy={list.busy}>
        {items.map((p) => (
          <li key={p.movementId} className="ledger-row">
            <span className="ledger-main">
              <span>{spendLabel(t, p)}</span>
              <span className="muted">{formatDateTime(p.createdAt, props.locale)}</span>
            </span>
            <span className="ledger-amount">{amount(p.amount)}</span>
          </li>
        ))}
      </ul>
      {list.more && (
        <button type="button" className="btn btn-block load-more" onClick={list.loadMore} disabled={list.busy}>
          {t('wallet.loadMore')}
        </button>
      )}
    </>
  );
}
