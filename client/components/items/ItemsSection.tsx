import { useState, type FormEvent } from 'react';
import { ITEM_CATALOGUE, MAX_ITEM_QUANTITY } from '../../../src/shared/item-catalogue';
import type { InventoryItem } from '../../../src/shared/items';
import { useT } from '../../i18n/i18n';
import { useRouter } from '../../app/router-context';
import { countOf, FormStatus, SubmitButton, useFormRun } from '../ui/small-form';
import { buyItem, giveItem, spendItem, useMyItems } from '../../data/item-api';
import { setLuvBalance } from '../../data/use-luv-balance';
import { itemName } from './item-name';
import { useCurrency } from '../gift/currency';
import { formatDateTime } from '../../lib/format-detail';

/**
 * The wallet's items: what the member holds (a use button for each, LEX is used from the chat input), when
 * their full-room pass ends, a form to give held items to another member, and a form to buy items with luv.
 */
export function ItemsSection() {
  const t = useT();
  const { locale } = useRouter().props;
  const { data, error, mutate } = useMyItems(true);
  const { busy, result: status, setResult, run, failedResult } = useFormRun();

  const use = (item: InventoryItem) =>
    run(async () => {
      const done = await spendItem(item.itemId);
      const line = done.ok ? { ok: true, text: t('items.used', { item: itemName(t, item.prodName) }) } : failedResult(done, { fallback: 'items.failed' });
      // The line shows at once; the list follows.
      setResult(line);
      await mutate();
      return line;
    });

  return (
    <section className="wallet-items" aria-labelledby="wallet-items-title">
      <h2 className="section" id="wallet-items-title">
        {t('items.title')}
      </h2>
      {data?.passUntil && <p className="muted">{t('items.passUntil', { date: formatDateTime(data.passUntil, locale) })}</p>}
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
      <FormStatus result={status} />
      {data && data.items.length > 0 && <GiftForm held={data.items} onGiven={() => mutate()} />}
      <BuyForm onBought={() => mutate()} />
    </section>
  );
}

function BuyForm({ onBought }: { onBought: () => void }) {
  const t = useT();
  const { luv } = useCurrency();
  const [prodName, setProdName] = useState(String(ITEM_CATALOGUE[0]!.code));
  const [quantity, setQuantity] = useState('1');
  const { busy, result, failed, run, failedResult } = useFormRun();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const count = countOf(quantity, MAX_ITEM_QUANTITY);
      if (count === null) return { ok: false, text: t('items.badQuantity', { max: MAX_ITEM_QUANTITY }) };
      const done = await buyItem(prodName, count);
      if (!done.ok || !done.body) return failedResult(done, { fallback: 'errors.network' });
      setLuvBalance(done.body.balance);
      onBought();
      return { ok: true, text: t('items.bought', { item: itemName(t, prodName), count }) };
    });
  };
  return (
    <form method="post" className="field items-buy" onSubmit={submit} noValidate aria-labelledby="items-buy-title">
      <h3 id="items-buy-title">{t('items.buyTitle')}</h3>
      <label htmlFor="items-buy-item" className="field-label">
        {t('items.buyItem')}
      </label>
      <select id="items-buy-item" className="input" value={prodName} onChange={(e) => setProdName(e.target.value)}>
        {ITEM_CATALOGUE.map((item) => (
          <option key={item.code} value={String(item.code)}>
            {t('items.priced', { item: itemName(t, item.code), ...luv(item.price) })}
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
          aria-invalid={failed}
          aria-describedby="items-buy-result"
        />
        <SubmitButton busy={busy}>{t('items.buy')}</SubmitButton>
      </div>
      <FormStatus id="items-buy-result" result={result} />
    </form>
  );
}

/** Give held items to another member by login ID (POST /api/my/items/gift); the API's refusal says why. */
function GiftForm({ held, onGiven }: { held: InventoryItem[]; onGiven: () => void }) {
  const t = useT();
  const [prodName, setProdName] = useState(held[0]!.prodName);
  const [loginId, setLoginId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const { busy, result, failed, run, failedResult } = useFormRun();
  // The chosen row, or the first one when the chosen item was all given away.
  const item = held.find((row) => row.prodName === prodName) ?? held[0]!;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const receiver = loginId.trim();
      const count = countOf(quantity, MAX_ITEM_QUANTITY);
      if (!receiver) return { ok: false, text: t('items.giftNoReceiver') };
      if (count === null) return { ok: false, text: t('items.badQuantity', { max: MAX_ITEM_QUANTITY }) };
      if (count > item.quantity) return { ok: false, text: t('items.giftTooMany', { count: item.quantity }) };
      const done = await giveItem({ prodName: item.prodName, quantity: count, loginId: receiver });
      if (!done.ok) return failedResult(done, { fallback: 'errors.network' });
      setQuantity('1');
      onGiven();
      return { ok: true, text: t('items.gifted', { loginId: receiver, item: itemName(t, item.prodName), count }) };
    });
  };
  return (
    <form method="post" className="field items-gift" onSubmit={submit} noValidate aria-labelledby="items-gift-title">
      <h3 id="items-gift-title">{t('items.giftTitle')}</h3>
      <label htmlFor="items-gift-item" className="field-label">
        {t('items.giftItem')}
      </label>
      <select id="items-gift-item" className="input" value={item.prodName} onChange={(e) => setProdName(e.target.value)}>
        {held.map((row) => (
          <option key={row.itemId} value={row.prodName}>
            {itemName(t, row.prodName)} {t('items.quantity', { count: row.quantity })}
          </option>
        ))}
      </select>
      <label htmlFor="items-gift-to" className="field-label">
        {t('items.giftTo')}
      </label>
      <input id="items-gift-to" className="input" autoComplete="off" maxLength={40} value={loginId} onChange={(e) => setLoginId(e.target.value)} aria-describedby="items-gift-result" />
      <label htmlFor="items-gift-quantity" className="field-label">
        {t('items.giftQuantity')}
      </label>
      <div className="field-row">
        <input
          id="items-gift-quantity"
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.min(item.quantity, MAX_ITEM_QUANTITY)}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          aria-invalid={failed}
          aria-describedby="items-gift-result"
        />
        <SubmitButton busy={busy}>{t('items.gift')}</SubmitButton>
      </div>
      <FormStatus id="items-gift-result" result={result} />
    </form>
  );
}
