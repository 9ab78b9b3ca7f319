import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { PLAN_IDS, type PlanId, SUBSCRIPTION_PLANS } from '../../../src/shared/subscription-plans';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../src/shared/payment-methods';
import { tossCheckout } from '../../data/toss-checkout';
import { methodKey } from '../wallet/payment-logic';
import { call } from '../../data/api';
import { useFailureWords } from '../../data/use-mutation';
import { LUV_SUM_KEY } from '../../data/gift-api';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { useCurrency } from '../gift/currency';
import { SHOP_PATH } from '../gift/GiftDialog';
import { Modal } from '../modals/Modal';
import { formatKrw } from '../../lib/format-detail';
import { useApi } from '../../data/use-api';

export interface SubscribeDialogProps {
  channelId: number;
  channelTitle: string;
  onClose: () => void;
  /** Closed after a subscription went through (the page reloads its counts and badge). */
  onSubscribed: () => void;
}

/**
 * The subscribe dialog: the plans (src/shared/subscription-plans.ts) with their price in the brand's currency, the wallet, and pay.
 * One idempotency key per opened dialog and plan: a second click or a retry after a lost answer pays once.
 */
export function SubscribeDialog({ channelId, channelTitle, onClose, onSubscribed }: SubscribeDialogProps) {
  const t = useT();
  const words = useFailureWords();
  const { locale } = useRouter().props;
  const { currency, luv } = useCurrency();
  const { mutate } = useSWRConfig();
  const wallet = useApi(LUV_SUM_KEY);
  const [plan, setPlan] = useState<PlanId>('monthly');
  const [keys] = useState(() => Object.fromEntries(PLAN_IDS.map((p) => [p, crypto.randomUUID()])) as Record<PlanId, string>);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  // Luv from the wallet, or the plan's KRW price through the PG (the same checkout as the shop's packs).
  const [payWith, setPayWith] = useState<'wallet' | 'pg'>('wallet');
  const [method, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const price = SUBSCRIPTION_PLANS[plan].luv;
  const krw = formatKrw(SUBSCRIPTION_PLANS[plan].krw, locale);
  const balance = wallet.data?.balance ?? null;

  // Closing after a subscription went through tells the page, which then shows the member as subscribed.
  const finish = () => {
    onClose();
    if (done) onSubscribed();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || done) return;
    setSending(true);
    setError(null);
    if (payWith === 'pg') return checkout();
    const result = await call('POST', '/api/my/subscriptions', { json: { channelId, plan, idempotencyKey: keys[plan] } });
    setSending(false);
    if (result.ok && result.body) {
      await mutate(LUV_SUM_KEY, { balance: result.body.balance }, { revalidate: false });
      setDone(true);
      return;
    }
    const text = words(result, { fallback: 'subscriptions.failed' });
    setError(text === null ? null : { code: result.code ?? 'UNKNOWN', message: text });
  };

  // The order's checkout: the dev PG's page, or the Toss SDK; both come back to the shop's success page, whose confirm pays the term.
  const checkout = async () => {
    const order = await call('POST', '/api/my/subscriptions/order', { json: { channelId, plan, method } });
    if (!order.ok || !order.body) {
      setSending(false);
      const text = words(order, { fallback: 'subscriptions.failed' });
      return setError(text === null ? null : { code: order.code ?? 'UNKNOWN', message: text });
    }
    try {
      if (order.body.provider === 'dev' && order.body.checkoutUrl) return window.location.assign(order.body.checkoutUrl);
      if (!order.body.clientKey) throw new Error('no client key');
      await tossCheckout(order.body.clientKey, order.body);
    } catch {
      setSending(false);
      setError({ code: 'CHECKOUT_FAILED', message: t('shop.checkoutFailed') });
    }
  };

  return (
    <Modal id="subscribe-dialog" className="modal-gift" open title={t('subscriptions.dialogTitle', { channel: channelTitle })} onCancel={finish} onOutsideClick={() => {}}>
      <p className="gift-balance">{t('subscriptions.balance', luv(balance, '…'))}</p>
      <form method="post" className="gift-form" onSubmit={submit} noValidate>
        <fieldset className="field">
          <legend className="field-label">{t('subscriptions.button')}</legend>
          {PLAN_IDS.map((id) => (
            <label key={id} className="subscribe-plan">
              <input type="radio" name="subscribe-plan" value={id} checked={plan === id} disabled={done} onChange={() => setPlan(id)} /> {t(`subscriptions.plans.${id}`)} —{' '}
              {t('subscriptions.price', luv(SUBSCRIPTION_PLANS[id].luv))}
            </label>
          ))}
        </fieldset>
        {SUBSCRIPTION_PLANS[plan].pass && <p className="muted">{t('subscriptions.manage.passNote')}</p>}
        <fieldset className="field">
          <legend className="field-label">{t('subscriptions.payWith')}</legend>
          <label className="subscribe-plan">
            <input type="radio" name="subscribe-pay" value="wallet" checked={payWith === 'wallet'} disabled={done} onChange={() => setPayWith('wallet')} /> {t('subscriptions.payWallet', { currency })}
          </label>
          <label className="subscribe-plan">
            <input type="radio" name="subscribe-pay" value="pg" checked={payWith === 'pg'} disabled={done} onChange={() => setPayWith('pg')} /> {t('subscriptions.payCard', { price: krw })}
          </label>
        </fieldset>
        {payWith === 'pg' && (
          <>
            <label className="field">
              <span className="field-label">{t('subscriptions.method')}</span>
              <select className="input" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(methodKey(m))}
                  </option>
                ))}
              </select>
            </label>
            <p className="muted">{t('subscriptions.cardTerms')}</p>
          </>
        )}
        {error && (
          <div className="gift-refusal" role="alert">
            <p className="field-error">{error.message}</p>
            {error.code === 'INSUFFICIENT_LUV' && (
              <a className="btn btn-small" href={SHOP_PATH}>
                {t('giftDialog.buy', { currency })}
              </a>
            )}
          </div>
        )}
        {done && (
          <p className="gift-sent" role="status">
            {t(SUBSCRIPTION_PLANS[plan].pass ? 'subscriptions.manage.passBought' : 'subscriptions.done')}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={finish}>
            {t('subscriptions.cancel')}
          </button>
          {!done && (
            <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
              {sending ? t('subscriptions.paying') : payWith === 'pg' ? t('subscriptions.toCheckout', { price: krw }) : `${t('subscriptions.confirm')} (${t('subscriptions.price', luv(price))})`}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
