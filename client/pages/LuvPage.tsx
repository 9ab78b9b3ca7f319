import { useState, type FormEvent } from 'react';
import type { GiftListItem, GiftListResponse } from '../../src/shared/luv-schemas';
import type { PageProps } from '../../src/shared/page-props';
import { PAGE_DEFAULTS } from '../../src/shared/paging-limits';
import { WALLET_PATHS } from '../../src/shared/wallet-pages';
import { useT } from '../i18n/i18n';
import { useCurrency } from '../components/gift/currency';
import { FormStatus, SubmitButton, useFormRun } from '../components/ui/small-form';
import { giftList, redeemCoupon } from '../data/shop-api';
import { setLuvBalance, useLuvBalance } from '../data/use-luv-balance';
import { Tabs } from '../components/ui/Tabs';
import { usePagedList } from '../components/lists/use-paged-list';
import { ItemsSection } from '../components/items/ItemsSection';
import { ExchangeSection } from '../components/exchange/ExchangeSection';
import { LevelCard } from '../components/fans/LevelCard';
import { RankingsSection } from '../components/fans/RankingsSection';
import { formatInteger } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';

type GiftTab = 'sent' | 'received';

/** The wallet (page key LUV): balance, luv waiting for a deposit, earnings, a coupon box, and the gifts sent and received. */
export function LuvPage({ props }: { props: PageProps<'LUV'> }) {
  const t = useT();
  const data = props.data;
  const balance = useLuvBalance(true, data.balance ?? null);
  const { amount } = useCurrency();
  const [tab, setTab] = useState<GiftTab>('sent');
  const { waiting, received } = data;
  // An exchange takes from the earnings: the card follows without a reload.
  const [earnings, setEarnings] = useState<number | null>(received?.balance ?? null);

  return (
    <section className="wallet-page" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{t('wallet.title')}</h1>
      <div className="wallet-cards">
        <section className="wallet-card" aria-labelledby="wallet-balance">
          <h2 id="wallet-balance">{t('wallet.balance')}</h2>
          <p className="wallet-figure">{balance === null ? t('wallet.unknown') : amount(balance)}</p>
          {waiting && waiting.count > 0 && <p className="muted">{t('wallet.waiting', { amount: amount(waiting.luv), count: waiting.count })}</p>}
          <div className="wallet-actions">
            <a href={WALLET_PATHS.SHOP} className="btn btn-primary btn-small">
              {t('wallet.buy')}
            </a>
            <a href={WALLET_PATHS.PAYMENTS} className="btn btn-small">
              {t('wallet.history')}
            </a>
          </div>
        </section>
        <section className="wallet-card" aria-labelledby="wallet-earnings">
          <h2 id="wallet-earnings">{t('wallet.earnings')}</h2>
          {received ? (
            <dl className="watch-stats">
              <dt>{t('wallet.earningsBalance')}</dt>
              <dd data-testid="earnings-balance">{amount(earnings ?? received.balance)}</dd>
              <dt>{t('wallet.earningsMonth')}</dt>
              <dd>{amount(received.thisMonth)}</dd>
              <dt>{t('wallet.earningsTotal')}</dt>
              <dd>{t('wallet.earningsCount', { amount: amount(received.total), count: formatInteger(received.count, props.locale) })}</dd>
            </dl>
          ) : (
            <p className="muted">{t('wallet.unknown')}</p>
          )}
        </section>
        {props.brand.features.coupons && <CouponBox />}
        <LevelCard />
        {props.brand.features.exchangeEvent && <ExchangeSection onEarnings={setEarnings} />}
      </div>
      {props.brand.features.items && <ItemsSection />}
      <h2 className="section" id="wallet-gifts">
        {t('wallet.gifts')}
      </h2>
      <Tabs
        id="wallet-gifts-tabs"
        label={t('wallet.gifts')}
        tabs={[
          { key: 'sent', label: t('wallet.sent') },
          { key: 'received', label: t('wallet.received') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {/* Each list keeps its own page: switching back shows what was loaded. */}
        <GiftList key="sent" hidden={tab !== 'sent'} kind="sent" initial={data.sent ?? null} locale={props.locale} amount={amount} />
        <GiftList key="received" hidden={tab !== 'received'} kind="received" initial={data.receivedList ?? null} locale={props.locale} amount={amount} />
      </Tabs>
      <RankingsSection />
    </section>
  );
}

/** POST /api/shoppings/useCoupon: the luv it grants lands in the wallet at once; a refusal says why in the reader's language. */
function CouponBox() {
  const t = useT();
  const { luv } = useCurrency();
  const [code, setCode] = useState('');
  const { busy, result, failed, run, failedResult } = useFormRun();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const couponNumber = code.trim();
      if (!couponNumber) return { ok: false, text: t('wallet.coupon.empty') };
      const done = await redeemCoupon(couponNumber);
      if (!done.ok || !done.body) return failedResult(done, { fallback: 'errors.network' });
      setLuvBalance(done.body.balance);
      setCode('');
      return { ok: true, text: t('wallet.coupon.done', luv(done.body.luv)) };
    });
  };
  return (
    <section className="wallet-card" aria-labelledby="wallet-coupon">
      <h2 id="wallet-coupon">{t('wallet.coupon.title')}</h2>
      <form method="post" className="field" onSubmit={submit} noValidate>
        <label htmlFor="coupon-number" className="field-label">
          {t('wallet.coupon.label')}
        </label>
        <div className="field-row">
          <input
            id="coupon-number"
            name="couponNumber"
            className="input"
            autoComplete="off"
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={failed}
            aria-describedby={result ? 'coupon-result' : undefined}
          />
          <SubmitButton busy={busy}>{t('wallet.coupon.use')}</SubmitButton>
        </div>
        <FormStatus id="coupon-result" result={result} />
      </form>
    </section>
  );
}

function GiftList({ kind, initial, locale, amount, hidden }: { kind: GiftTab; initial: GiftListResponse | null; locale: string; amount: (value: number) => string; hidden: boolean }) {
  const t = useT();
  const list = usePagedList<GiftListItem>(
    initial,
    (offset) => giftList(kind, offset, PAGE_DEFAULTS.itemLimit),
    (item) => item.movementId,
  );
  const { items } = list;
  if (hidden) return null;
  if (list.failed) return <p className="empty-state">{t('wallet.listFailed')}</p>;
  if (items === null) return null;
  if (items.length === 0) return <p className="empty-state">{t(kind === 'sent' ? 'wallet.sentEmpty' : 'wallet.receivedEmpty')}</p>;
  return (
    <>
      <ul className="ledger-list" aria-busy={list.busy}>
        {items.map((item) => (
          <li key={item.movementId} className="ledger-row">
            <span className="ledger-main">
              {kind === 'sent' ? (
                <a href={`/channel/${encodeURIComponent(item.loginId)}`}>{t('wallet.to', { nickname: item.nickname })}</a>
              ) : (
                <span>{t('wallet.from', { nickname: item.anonymous ? t('settings.anonymousSupporter') : item.nickname })}</span>
              )}
              <span className="muted">{formatDateTime(item.createdAt, locale)}</span>
            </span>
            <span className="ledger-amount">{amount(item.amount)}</span>
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
