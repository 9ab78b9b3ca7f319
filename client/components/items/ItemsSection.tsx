import { useState, type FormEvent } from 'react';
import { ITEM_CATALOGUE, MAX_ITEM_QUANTITY, type InventoryItem } from '../../../src/shared/items';
import { useT } from '../../i18n/i18n';
import { buyItem, spendItem, useMyItems } from '../../data/item-api';
import { setLuvBalance } from '../../data/use-luv-balance';
import { formatAmount } from '../wallet/payment-logic';
import { formatDate } from '../watch/format-date';
import { itemName } from './item-name';

/**
 * The wallet's items: what the member holds (a use button for each, LEX is used from the chat input), when
 * their full-room pass ends, and a form to buy items with luv.
 */
export function ItemsSection({ locale, currency }: { locale: string; currency: string }) {
  const t = useT();
  const { data, error, mutate } = useMyItems(true);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const use = async (item: InventoryItem) => {
    if (busy) return;
    setBusy(true);
    const done = await spendItem(item.itemId);
    setBusy(false);
    setStatus(done.ok ? { ok: true, text: t('items.used', { item: itemName(t, item.prodName) }) } : { ok: false, text: done.message || t('items.failed') });
    await mutate();
  };

  return (
    <section className="wallet-items" aria-labelledby="wallet-items-title">
      <h2 className="section" id="wallet-items-title">
        {t('items.title')}
      </h2>
      {data?.passUntil && <p className="muted">{t('items.passUntil', { date: formatDate(data.passUntil, locale, true) })}</p>}
      {error ? (
        <p className="empty-state">{t('wallet.listFailed')}</p>
      ) : !data ? null : data.items.length === 0 ? (
        <p className="empty-state">{t('items.empty')}</p>
      ) : (
        <ul className="ledger-list items-list" aria-busy={busy}>
          {data.items.map((item) => (
            <li key={item.itemId} className="ledger-row" data-prod={item.prodName}>
              <span className="ledger-main">
                <span>{itemName(t, item.prodName)}</span>
                <span className="muted">{t('items.quantity', { count: item.quantity })}</span>
              </span>
              {item.kind !== 'lex' && (
                <button type="button" className="btn btn-small" disabled={busy} aria-label={t('items.useLabel', { item: itemName(t, item.prodName) })} onClick={() => use(item)}>
                  {t('items.use')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className={status?.ok === false ? 'field-error' : 'muted'} role="status">
        {status?.text}
      </p>
      <BuyForm locale={locale} currency={currency} onBought={() => mutate()} />
    </section>
  );
}

function BuyForm({ locale, currency, onBought }: { locale: string; currency: string; onBought: () => void }) {
  const t = useT();
  const [prodName, setProdName] = useState(String(ITEM_CATALOGUE[0]!.code));
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(quantity);
    if (busy) return;
    if (!Number.isInteger(count) || count < 1 || count > MAX_ITEM_QUANTITY) return setResult({ ok: false, text: t('items.badQuantity', { max: MAX_ITEM_QUANTITY }) });
    setBusy(true);
    const done = await buyItem(prodName, count);
    setBusy(false);
    if (!done.ok || !done.body) return setResult({ ok: false, text: done.message || t('errors.network') });
    setLuvBalance(done.body.balance);
    setResult({ ok: true, text: t('items.bought', { item: itemName(t, prodName), count }) });
    onBought();
  };
  return (
    <form className="field items-buy" onSubmit={submit} noValidate aria-labelledby="items-buy-title">
      <h3 id="items-buy-title">{t('items.buyTitle')}</h3>
      <label htmlFor="items-buy-item" className="field-label">
        {t('items.buyItem')}
      </label>
      <select id="items-buy-item" className="input" value={prodName} onChange={(e) => setProdName(e.target.value)}>
        {ITEM_CATALOGUE.map((item) => (
          <option key={item.code} value={String(item.code)}>
            {t('items.priced', { item: itemName(t, item.code), amount: formatAmount(item.price, locale), currency })}
          </option>
        ))}
      </select>
      <label htmlFor="items-buy-quantity" className="field-label">
        {t('items.buyQuantity')}
      </label>
      <div className="field-row">
        <input
          id="items-buy-quantity"
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ITEM_QUANTITY}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          aria-invalid={result?.ok === false}
          aria-describedby="items-buy-result"
        />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {t('items.buy')}
        </button>
      </div>
      <p id="items-buy-result" className={result?.ok === false ? 'field-error' : 'muted'} role="status">
        {result?.text}
      </p>
    </form>
  );
}
