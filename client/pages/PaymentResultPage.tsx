import { useEffect, useState } from 'react';
import type { PageKeysOf, PageProps } from '../../src/shared/page-props';
import { WALLET_PATHS } from '../../src/shared/wallet-pages';
import { SUBSCRIPTION_PACK_PREFIX, SUBSCRIPTION_STATUS } from '../../src/shared/subscription-plans';
import { useT } from '../i18n/i18n';
import { useCurrency } from '../components/gift/currency';
import { confirmPayment } from '../data/shop-api';
import { setLuvBalance } from '../data/use-luv-balance';
import { confirmOnce, confirmOutcome, successQuery, statusKey, type ConfirmOutcome } from '../components/wallet/payment-logic';
import { formatDateTime, formatKrw } from '../lib/format-detail';

/** Where the PG sends the buyer back: the success page (SHOP_SUCCESS) confirms the payment; the fail page (SHOP_FAIL) says why it did not go through. */
export function PaymentResultPage({ props }: { props: PageProps<PageKeysOf<'PaymentResultPage'>> }) {
  return props.page === 'SHOP_FAIL' ? <PaymentFail props={props} /> : <PaymentSuccess props={props} />;
}

function Links() {
  const t = useT();
  return (
    <div className="wallet-actions">
      <a href={WALLET_PATHS.LUV} className="btn btn-primary">
        {t('wallet.title')}
      </a>
      <a href={WALLET_PATHS.SHOP} className="btn">
        {t('shop.backToShop')}
      </a>
      <a href={WALLET_PATHS.PAYMENTS} className="btn">
        {t('wallet.history')}
      </a>
    </div>
  );
}

function PaymentSuccess({ props }: { props: PageProps<'SHOP_SUCCESS'> }) {
  const t = useT();
  const request = successQuery(props.query);
  // Confirmed in the browser after hydration, once (confirmOnce); the server renders "confirming".
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(request ? null : { kind: 'refused', message: t('shop.success.badReturn'), status: null });
  const { currency, amount } = useCurrency();
  const key = request ? `${request.orderId}:${request.paymentKey}:${request.amount}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is what `key` spells; a new object each render must not confirm again
  useEffect(() => {
    if (!request) return;
    let live = true;
    void confirmOnce(request, confirmPayment).then((result) => {
      const next = confirmOutcome(result);
      if (next.kind !== 'refused') setLuvBalance(next.balance);
      if (live) setOutcome(next);
    });
    return () => {
      live = false;
    };
  }, [key]);

  return (
    <section className="wallet-page payment-result" aria-labelledby="result-title" aria-busy={!outcome}>
      <h1 id="result-title">{t('shop.success.title')}</h1>
      <div role="status" className="result-box">
        {!outcome && <p>{t('shop.success.confirming')}</p>}
        {outcome?.kind === 'approved' && (
          <>
            <p className="result-headline">{t('shop.success.approved', { amount: amount(outcome.payment.luv) })}</p>
            <p>{t('shop.success.paid', { price: formatKrw(outcome.payment.amount, props.locale), name: outcome.payment.orderName })}</p>
            <p className="wallet-figure">{t('shop.success.balance', { amount: amount(outcome.balance) })}</p>
            {outcome.subscription && (
              <p className="result-headline">
                {outcome.subscription.status === SUBSCRIPTION_STATUS.unused
                  ? t('subscriptions.manage.passBought')
                  : t('shop.success.subscribed', { date: formatDateTime(outcome.subscription.expiresAt ?? 0, props.locale) })}
              </p>
            )}
            {!outcome.subscription && outcome.payment.packId.startsWith(SUBSCRIPTION_PACK_PREFIX) && <p className="field-error">{t('shop.success.subscriptionRefused', { currency })}</p>}
          </>
        )}
        {outcome?.kind === 'waitingDeposit' && outcome.payment.virtualAccount && (
          <>
            <p className="result-headline">{t('shop.success.waiting', { price: formatKrw(outcome.payment.amount, props.locale) })}</p>
            <dl className="watch-stats">
              <dt>{t('shop.account.bank')}</dt>
              <dd>{outcome.payment.virtualAccount.bank}</dd>
              <dt>{t('shop.account.number')}</dt>
              <dd className="mono">{outcome.payment.virtualAccount.accountNumber}</dd>
              <dt>{t('shop.account.holder')}</dt>
              <dd>{outcome.payment.virtualAccount.holder}</dd>
              <dt>{t('shop.account.due')}</dt>
              <dd>{formatDateTime(outcome.payment.virtualAccount.dueAt, props.locale)}</dd>
            </dl>
            <p className="muted">{t('shop.success.waitingNote', { amount: amount(outcome.payment.luv) })}</p>
          </>
        )}
        {outcome?.kind === 'refused' && (
          <>
            <p className="result-headline">{t('shop.success.refused')}</p>
            <p className="field-error">{outcome.message || (outcome.status !== null ? t(statusKey(outcome.status)) : t('errors.network'))}</p>
          </>
        )}
      </div>
      <Links />
    </section>
  );
}

function PaymentFail({ props }: { props: PageProps<'SHOP_FAIL'> }) {
  const t = useT();
  const { failure } = props.data;
  return (
    <section className="wallet-page payment-result" aria-labelledby="result-title">
      <h1 id="result-title">{t('shop.fail.title')}</h1>
      <div role="alert" className="result-box">
        <p className="result-headline">{failure?.message || t('shop.fail.message')}</p>
        {failure && <p className="muted">{t('shop.fail.order', { orderId: failure.orderId, status: t(statusKey(failure.status)) })}</p>}
        {props.query.code && <p className="muted">{t('shop.fail.code', { code: props.query.code })}</p>}
      </div>
      <Links />
    </section>
  );
}
