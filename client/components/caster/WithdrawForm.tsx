import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { INCOME_TAX_PERCENT, LOCAL_TAX_PERCENT_OF_INCOME_TAX, PAYOUT_FEE_PERCENT, PAYOUT_KRW_PER_LUV, PAYOUT_MIN_LUV, type PayoutQuote, payoutQuote } from '../../../src/shared/payout-rules';
import { requestWithdrawal } from '../../data/payout-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { useCurrency } from '../gift/currency';
import { useReauth } from './useReauth';
import { useFailureWords } from '../../data/use-mutation';
import { formatInteger } from '../../lib/format';

const LOCAL_TAX_PERCENT = (INCOME_TAX_PERCENT * LOCAL_TAX_PERCENT_OF_INCOME_TAX) / 100;

/**
 * The withdrawal request: an amount, then its figures (fee, withholding, net: src/shared/payout-rules.ts,
 * the server's own) to check before confirming. One idempotency key per review: a double click or a retry
 * after a lost answer requests once.
 */
export function WithdrawForm({ earnings, onDone }: { earnings: number; onDone: () => void }) {
  const t = useT();
  const words = useFailureWords();
  const { currency, locale, luv, amount: luvAmount } = useCurrency();
  const pushToast = useSetAtom(pushToastAtom);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [review, setReview] = useState<{ quote: PayoutQuote; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const reauth = useReauth('payout-request-reauth');

  const amount = /^\d{1,12}$/.test(text.replace(/[\s,]/g, '')) ? Number(text.replace(/[\s,]/g, '')) : Number.NaN;
  const problem =
    !Number.isSafeInteger(amount) || amount < PAYOUT_MIN_LUV ? t('payout.errors.amount', { min: formatInteger(PAYOUT_MIN_LUV, locale) }) : amount > earnings ? t('payout.errors.insufficient') : null;

  useEffect(() => {
    // The proof comes first on the review: its password field, else (no password, identity checked) the confirm button.
    if (review) (document.getElementById('payout-request-reauth-password') ?? confirmButton.current)?.focus();
  }, [review]);

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (problem) return;
    setReview({ quote: payoutQuote(amount), key: crypto.randomUUID() });
  };
  const back = () => {
    setReview(null);
    requestAnimationFrame(() => amountInput.current?.focus());
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!review || sending) return;
    setSending(true);
    setFailure(null);
    const unproved = await reauth.prove();
    if (unproved) {
      setSending(false);
      setFailure(unproved);
      return;
    }
    const answer = await requestWithdrawal(review.quote.luv, review.key);
    setSending(false);
    if (answer.ok) {
      pushToast({ key: 'payout.request.done', params: luv(review.quote.luv) });
      setReview(null);
      setText('');
      setTried(false);
      onDone();
    } else {
      setFailure(words(answer, { fallback: 'payout.request.failed' }));
    }
  };

  const krw = (n: number) => t('payout.quote.krw', { amount: formatInteger(n, locale) });
  return (
    <div className="payout-request">
      <h3 id="payout-request-title">{t('payout.request.title')}</h3>
      {!review ? (
        <form method="post" onSubmit={toReview} noValidate aria-labelledby="payout-request-title">
          <div className="field">
            <label className="field-label" htmlFor="payout-amount">
              {t('payout.request.amount', { currency })}
            </label>
            <div className="field-row">
              <input
                ref={amountInput}
                id="payout-amount"
                className="input"
                inputMode="numeric"
                autoComplete="off"
                value={text}
                aria-invalid={tried && !!problem}
                aria-describedby={tried && problem ? 'payout-amount-help payout-amount-error' : 'payout-amount-help'}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className="btn">
                {t('payout.request.review')}
              </button>
            </div>
            <p id="payout-amount-help" className="muted">
              {t('payout.request.help', { min: formatInteger(PAYOUT_MIN_LUV, locale), currency, krw: formatInteger(PAYOUT_KRW_PER_LUV, locale) })}
            </p>
            {tried && problem && (
              <p id="payout-amount-error" className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
        </form>
      ) : (
        <form className="payout-review" method="post" onSubmit={confirm} noValidate aria-labelledby="payout-review-title">
          <h4 id="payout-review-title">{t('payout.request.confirmTitle')}</h4>
          <dl className="payout-quote">
            <dt>{t('payout.quote.luv')}</dt>
            <dd>{luvAmount(review.quote.luv)}</dd>
            <dt>{t('payout.quote.gross')}</dt>
            <dd>{krw(review.quote.grossKrw)}</dd>
            <dt>{t('payout.quote.fee', { percent: PAYOUT_FEE_PERCENT })}</dt>
            <dd>−{krw(review.quote.feeKrw)}</dd>
            <dt>{t('payout.quote.income')}</dt>
            <dd>{krw(review.quote.incomeKrw)}</dd>
            <dt>{t('payout.quote.incomeTax', { percent: INCOME_TAX_PERCENT })}</dt>
            <dd>−{krw(review.quote.incomeTaxKrw)}</dd>
            <dt>{t('payout.quote.localTax', { percent: LOCAL_TAX_PERCENT })}</dt>
            <dd>−{krw(review.quote.localTaxKrw)}</dd>
            <dt>{t('payout.quote.withholding')}</dt>
            <dd data-testid="payout-withholding">−{krw(review.quote.withholdingKrw)}</dd>
            <dt className="payout-net">{t('payout.quote.net')}</dt>
            <dd className="payout-net" data-testid="payout-net">
              {krw(review.quote.netKrw)}
            </dd>
          </dl>
          <p className="muted">{t('payout.quote.note')}</p>
          {reauth.fields}
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <p className="field-row">
            <button ref={confirmButton} type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
              {sending ? t('payout.request.sending') : t('payout.request.confirm')}
            </button>
            <button type="button" className="btn" disabled={sending} onClick={back}>
              {t('payout.request.back')}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
