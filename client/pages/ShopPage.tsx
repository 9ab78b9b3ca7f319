import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { PaymentMethod } from '../../src/shared/payment-methods';
import { WALLET_PATHS } from '../../src/shared/wallet-pages';
import { useT } from '../i18n/i18n';
import { useCurrency } from '../components/gift/currency';
import { createOrder } from '../data/shop-api';
import { tossCheckout } from '../data/toss-checkout';
import { useLuvBalance } from '../data/use-luv-balance';
import { methodKey } from '../components/wallet/payment-logic';
import { useFailureWords } from '../data/use-mutation';
import { formatKrw } from '../lib/format-detail';

/** The shop: a pack, a payment method, the terms, then the PG's checkout (docs/product/money.md, "Luv ledger", Buying luv). */
export function ShopPage({ props }: { props: PageProps<'SHOP'> }) {
  const t = useT();
  const words = useFailureWords();
  const data = props.data;
  const shop = data.shop ?? null;
  const balance = useLuvBalance(true, data.balance ?? null);
  const { currency, luv } = useCurrency();
  const [packId, setPackId] = useState(shop?.packs[0]?.packId ?? '');
  const [method, setMethod] = useState<PaymentMethod | ''>(shop?.methods[0] ?? '');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!shop) {
    return (
      <section className="wallet-page" aria-labelledby="shop-title">
        <h1 id="shop-title">{t('shop.title')}</h1>
        <p className="empty-state" role="alert">
          {t('shop.loadFailed')}
        </p>
      </section>
    );
  }
  const pack = shop.packs.find((p) => p.packId === packId);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!pack || !method) return setError(t('shop.choose'));
    if (!agreed) {
      setError(t('shop.terms.required'));
      document.getElementById('shop-agree')?.focus();
      return;
    }
    setError('');
    setBusy(true);
    const order = await createOrder({ packId: pack.packId, method });
    if (!order.ok || !order.body) {
      setBusy(false);
      return setError(words(order, { fallback: 'errors.network' }) ?? '');
    }
    if (shop.provider === 'dev' && order.body.checkoutUrl) {
      // The Worker's own test checkout: a page of its own, left with a full load.
      window.location.assign(order.body.checkoutUrl);
      return;
    }
    try {
      if (!shop.clientKey) throw new Error('no client key');
      await tossCheckout(shop.clientKey, order.body);
    } catch {
      setError(t('shop.checkoutFailed'));
      setBusy(false);
    }
  };

  return (
    <section className="wallet-page" aria-labelledby="shop-title">
      <div className="list-head">
        <h1 id="shop-title">{t('shop.title')}</h1>
        <a href={WALLET_PATHS.LUV} className="btn btn-small">
          {t('shop.balance', luv(balance))}
        </a>
      </div>
      <form method="post" className="shop-form" onSubmit={pay} noValidate>
        <fieldset className="shop-choices">
          <legend className="field-label">{t('shop.packs')}</legend>
          {shop.packs.length === 0 && <p className="muted">{t('shop.noPacks')}</p>}
          <div className="pack-grid">
            {shop.packs.map((p) => (
              <label key={p.packId} className="pack">
                <input type="radio" name="pack" value={p.packId} checked={packId === p.packId} onChange={() => setPackId(p.packId)} />
                <span className="pack-luv">{t('shop.packLuv', luv(p.luv))}</span>
                <span className="pack-price">{formatKrw(p.price, props.locale)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="shop-choices">
          <legend className="field-label">{t('shop.method')}</legend>
          <div className="method-list">
            {shop.methods.map((m) => (
              <label key={m} className="check method">
                <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
                {t(methodKey(m))}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="terms">
          <legend className="field-label">{t('shop.terms.title')}</legend>
          <ul className="shop-terms">
            <li>{t('shop.terms.purchase', { currency })}</li>
            <li>{t('shop.terms.refund', { days: data.refundDays ?? 7, currency })}</li>
            <li>{t('shop.terms.spent', { currency })}</li>
          </ul>
          <label className="check">
            <input id="shop-agree" type="checkbox" name="agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-describedby={error ? 'shop-error' : undefined} required />
            {t('shop.terms.agree')}
          </label>
        </fieldset>
        {error && (
          <p id="shop-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {pack ? t('shop.pay', { price: formatKrw(pack.price, props.locale) }) : t('shop.payNone')}
        </button>
      </form>
      <p>
        <a href={WALLET_PATHS.PAYMENTS} className="link">
          {t('wallet.history')}
        </a>
      </p>
    </section>
  );
}
