import { useRef, useState, type FormEvent } from 'react';
import { creditedFor, rateText } from '../../../src/shared/exchange-rules';
import { useT } from '../../i18n/i18n';
import { FormStatus, type FormResult, SubmitButton, useFormRun } from '../ui/small-form';
import { applyExchange, newApplyKey, useExchangeNow, useExchangeStatus, useExchangeTotal } from '../../data/exchange-api';
import { setLuvBalance } from '../../data/use-luv-balance';
import { parseAmount } from '../gift/amounts';
import { useCurrency } from '../gift/currency';
import { formatDateTime } from '../../lib/format-detail';

/**
 * The exchange event on the wallet page: the rate, the window, the member's remaining cap, what is left in
 * the event, and a form that converts received luv into luv to spend (POST /api/events/exchange/apply). Shown
 * only while an event is set (upcoming, open or just ended).
 */
export function ExchangeSection({ onEarnings }: { onEarnings?: (earnings: number) => void }) {
  const t = useT();
  const { currency, locale, amount } = useCurrency();
  const { data: status } = useExchangeStatus();
  const hasEvent = !!status && status.state !== 'none';
  const { data: total, mutate: refreshTotal } = useExchangeTotal(hasEvent);
  const { data: now, mutate: refreshNow } = useExchangeNow(hasEvent);
  const [text, setText] = useState('');
  const { busy, result, failed, run, failedResult } = useFormRun();
  // One key per intended apply: a retry of the same amount after a lost answer reuses it; a new amount is a new apply.
  const pending = useRef<{ amount: number; key: string } | null>(null);
  if (!status || !hasEvent || status.ratePermille === null) return null;

  const rate = status.ratePermille;
  const open = status.state === 'open';
  const parsed = parseAmount(text);
  const preview = 'amount' in parsed ? creditedFor(parsed.amount, rate) : null;

  const apply = async (): Promise<FormResult> => {
    if ('problem' in parsed) return { ok: false, text: t(`giftDialog.errors.${parsed.problem.key}`, parsed.problem.params) };
    if (pending.current?.amount !== parsed.amount) pending.current = { amount: parsed.amount, key: newApplyKey() };
    const done = await applyExchange(parsed.amount, pending.current.key);
    await Promise.all([refreshNow(), refreshTotal()]);
    if (done.ok && done.body) {
      pending.current = null;
      setText('');
      setLuvBalance(done.body.wallet);
      onEarnings?.(done.body.earnings);
      return { ok: true, text: t('exchange.done', { amount: amount(done.body.amount), credited: amount(done.body.credited) }) };
    }
    const line = failedResult(done, { fallback: 'exchange.failed' });
    // No answer (or a server fault) may have applied it: the key stays for the retry; the global popup said so.
    if (line === null) return null;
    // Refused: nothing moved, and the same key would be refused again the same way. A new try is a new apply.
    pending.current = null;
    return line;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(apply);
  };

  return (
    <section className="wallet-exchange wallet-card" aria-labelledby="exchange-title">
      <h2 id="exchange-title">{t('exchange.title')}</h2>
      <p>{t('exchange.intro', { rate: rateText(rate), currency })}</p>
      <dl className="watch-stats exchange-stats">
        <dt>{t('exchange.rate')}</dt>
        <dd data-testid="exchange-rate">{t('exchange.rateValue', { from: amount(100), to: amount(creditedFor(100, rate)) })}</dd>
        <dt>{t('exchange.window')}</dt>
        <dd>
          {formatDateTime(status.startsAt ?? 0, locale)} – {formatDateTime(status.endsAt ?? 0, locale)}
        </dd>
        {now && (
          <>
            <dt>{t('exchange.yourRemaining')}</dt>
            <dd data-testid="exchange-remaining">{t('exchange.ofCap', { amount: amount(now.remaining), cap: amount(now.memberCap) })}</dd>
            <dt>{t('exchange.earnings')}</dt>
            <dd>{amount(now.earnings)}</dd>
          </>
        )}
        {total && (
          <>
            <dt>{t('exchange.totalLeft')}</dt>
            <dd data-testid="exchange-total-left">{t('exchange.ofCap', { amount: amount(total.remaining), cap: amount(total.totalCap) })}</dd>
          </>
        )}
      </dl>
      {open ? (
        <form method="post" className="field" onSubmit={submit} noValidate>
          <label htmlFor="exchange-amount" className="field-label">
            {t('exchange.amountLabel')}
          </label>
          <div className="field-row">
            <input
              id="exchange-amount"
              name="amount"
              className="input"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={failed}
              aria-describedby="exchange-preview exchange-result"
            />
            <SubmitButton busy={busy}>{busy ? t('exchange.applying') : t('exchange.apply')}</SubmitButton>
          </div>
          <p id="exchange-preview" className="muted">
            {preview !== null && preview > 0 ? t('exchange.preview', { credited: amount(preview) }) : t('exchange.available', { amount: amount(now?.available ?? 0) })}
          </p>
          <FormStatus id="exchange-result" result={result} />
        </form>
      ) : (
        <p className="muted">{status.state === 'upcoming' ? t('exchange.upcoming', { date: formatDateTime(status.startsAt ?? 0, locale) }) : t('exchange.ended')}</p>
      )}
    </section>
  );
}
