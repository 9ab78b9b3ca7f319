import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { MAX_GIFT_AMOUNT, MAX_GIFT_MESSAGE } from '../../../src/shared/luv-limits';
import { cleanText } from '../../../src/shared/text';
import { channelPresetsKey, fetchChannelPresets, LUV_SUM_KEY, sendGift } from '../../data/gift-api';
import { useT } from '../../i18n/i18n';
import { sessionExpiredAtom } from '../../state/ui';
import { Modal } from '../modals/Modal';
import { parseAmount } from './amounts';
import { useCurrency } from './currency';
import { useFailureWords } from '../../data/use-mutation';
import { formatInteger } from '../../lib/format';
import { useApi } from '../../data/use-api';

export interface GiftDialogProps {
  channelId: number;
  creatorNickname: string;
  onAir: boolean;
  onClose: () => void;
}

/** Where a member buys luv (the shop page). */
export const SHOP_PATH = '/luv/shop';

/** What the last send came to: sent, or refused with the API's code (and its own words for codes we do not know). */
type Outcome = { kind: 'sent'; amount: number } | { kind: 'refused'; code: string; message: string };

/** The refusals the dialog words itself (with the brand's currency); others show the API's message. */
const KNOWN_REFUSALS: Record<string, string> = {
  INSUFFICIENT_LUV: 'giftDialog.errors.insufficient',
  NOT_LIVE: 'giftDialog.errors.notLive',
  SELF_GIFT: 'giftDialog.errors.selfGift',
};

/** A new id for one intended gift (the API takes [A-Za-z0-9_-]{8,64}). */
const newKey = () => crypto.randomUUID();

/**
 * The gift dialog: the creator's presets or an amount of one's own, a short message, the wallet, and
 * send. One idempotency key per intended gift: a second click or a retry after a lost answer sends the
 * same key (the API answers the first result and moves nothing again); another amount or message is
 * another gift, with a key of its own.
 */
export function GiftDialog({ channelId, creatorNickname, onAir, onClose }: GiftDialogProps) {
  const t = useT();
  const words = useFailureWords();
  const { currency, locale, luv } = useCurrency();
  const { mutate } = useSWRConfig();
  const wallet = useApi(LUV_SUM_KEY);
  const presets = useSWR(channelPresetsKey(channelId), fetchChannelPresets);
  const [amountText, setAmountText] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The gift under way or last lost to the network: its key is reused while amount and message stay the same.
  const pending = useRef<{ key: string; amount: number; message: string } | null>(null);
  const inFlight = useRef(false);
  const againButton = useRef<HTMLButtonElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // The session ended (a 401 on any call): this dialog steps aside for the session-expired modal and its sign-in.
  const expired = useAtomValue(sessionExpiredAtom);
  useEffect(() => {
    if (expired) onClose();
  }, [expired, onClose]);

  const parsed = parseAmount(amountText);
  const amount = 'amount' in parsed ? parsed.amount : null;
  const balance = wallet.data?.balance ?? null;
  const short = amount !== null && balance !== null && amount > balance;
  const cleaned = cleanText(message);
  const messageTooLong = cleaned.length > MAX_GIFT_MESSAGE;
  // Shown as the person types; "enter an amount" only once they tried to send without one.
  const amountProblem = 'problem' in parsed && (parsed.problem.key !== 'amountRequired' || tried) ? parsed.problem : null;
  const ended = !onAir || (outcome?.kind === 'refused' && outcome.code === 'NOT_LIVE');
  const sent = outcome?.kind === 'sent' ? outcome : null;
  // The form leaves with the focus on its send button: the focus goes to the result's 'send again', and back to the
  // amount when the person asks for the form again.
  const showingResult = sent !== null;
  const shownOnce = useRef(false);
  useEffect(() => {
    if (showingResult) againButton.current?.focus();
    else if (shownOnce.current) amountInput.current?.focus();
    shownOnce.current ||= showingResult;
  }, [showingResult]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (inFlight.current || amount === null || short || messageTooLong || ended) return;
    const same = pending.current && pending.current.amount === amount && pending.current.message === cleaned;
    const gift = same && pending.current ? pending.current : { key: newKey(), amount, message: cleaned };
    pending.current = gift;
    inFlight.current = true;
    setSending(true);
    setOutcome(null);
    const result = await sendGift({ channelId, amount: gift.amount, idempotencyKey: gift.key, ...(gift.message ? { message: gift.message } : {}) });
    inFlight.current = false;
    setSending(false);
    if (result.ok && result.body) {
      pending.current = null;
      // The wallet everywhere it shows (this dialog, the header, the wallet page) without a reload.
      await mutate(LUV_SUM_KEY, { balance: result.body.balance }, { revalidate: false });
      void mutate((key) => typeof key === 'string' && key.startsWith('/api/luv/sentluv-list'));
      setMessage('');
      setTried(false);
      setOutcome({ kind: 'sent', amount: gift.amount });
      return;
    }
    // Only a gift whose answer never came (or a server fault) may have gone through: keep its key for the retry.
    if (result.status !== 0 && result.status < 500) pending.current = null;
    if (result.code === 'INSUFFICIENT_LUV') void mutate(LUV_SUM_KEY);
    // No answer or a server fault: the global popup said it; the dialog stays as it was, ready to send again.
    const text = words(result, { fallback: 'giftDialog.errors.failed', explain: (r) => (r.code && KNOWN_REFUSALS[r.code] ? t(KNOWN_REFUSALS[r.code]!, { currency }) : undefined) });
    if (text === null) return setOutcome(null);
    setOutcome({ kind: 'refused', code: result.code ?? 'UNKNOWN', message: text });
  };

  // NOT_LIVE shows as the dialog's 'the live has ended' line above, once.
  const refusal = outcome?.kind === 'refused' && outcome.code !== 'NOT_LIVE' ? outcome : null;
  const refusalText = refusal ? refusal.message : null;
  const needsLuv = short || refusal?.code === 'INSUFFICIENT_LUV';
  const buyLink = (
    <a className="btn btn-small" href={SHOP_PATH}>
      {t('giftDialog.buy', { currency })}
    </a>
  );

  return (
    <Modal id="gift-dialog" className="modal-gift" open title={t('giftDialog.title', { nickname: creatorNickname, currency })} onCancel={onClose} onOutsideClick={() => {}}>
      <p className="gift-balance">
        {t('giftDialog.balance', { currency })} <strong>{balance === null ? (wallet.error ? t('giftDialog.balanceFailed') : '…') : formatInteger(balance, locale)}</strong>
      </p>
      {ended && (
        <p className="field-error" role="alert">
          {t('giftDialog.errors.notLive')}
        </p>
      )}
      {sent ? (
        // A gift sent is a result, not a form still armed: another gift takes 'send again', then a send of its own, so
        // a second click or tap that lands after the answer sends nothing.
        <div className="gift-result">
          <p className="gift-sent" role="status">
            {t('giftDialog.sent', { nickname: creatorNickname, ...luv(sent.amount) })}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.close')}
            </button>
            <button ref={againButton} type="button" className="btn btn-primary" onClick={() => setOutcome(null)}>
              {t('giftDialog.again')}
            </button>
          </div>
        </div>
      ) : (
        <form className="gift-form" method="post" onSubmit={submit} noValidate>
          {presets.data && presets.data.length > 0 && (
            <fieldset className="field">
              <legend className="field-label">{t('giftDialog.presets')}</legend>
              <div className="gift-presets">
                {presets.data.map((preset) => (
                  <button
                    key={preset}
                    type="button"
                    className="chip gift-preset"
                    aria-pressed={amount === preset}
                    onClick={() => {
                      setAmountText(String(preset));
                      setOutcome(null);
                    }}
                  >
                    {t('giftDialog.amount', luv(preset))}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {presets.error && <p className="muted">{t('giftDialog.presetsFailed')}</p>}
          <div className="field">
            <label className="field-label" htmlFor="gift-amount">
              {t('giftDialog.customAmount', { currency })}
            </label>
            <input
              ref={amountInput}
              id="gift-amount"
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={amountText}
              aria-invalid={!!amountProblem || short}
              aria-describedby="gift-amount-hint"
              onChange={(event) => {
                setAmountText(event.target.value);
                setOutcome(null);
              }}
            />
            <p id="gift-amount-hint" className={amountProblem || short ? 'field-error' : 'field-hint muted'} aria-live="polite">
              {amountProblem
                ? t(`giftDialog.errors.${amountProblem.key}`, { max: formatInteger(amountProblem.params?.max ?? 0, locale) })
                : short
                  ? t('giftDialog.errors.insufficient', { currency })
                  : t('giftDialog.amountHint', { max: formatInteger(MAX_GIFT_AMOUNT, locale) })}
            </p>
            {short && buyLink}
          </div>
          <div className="field">
            <label className="field-label" htmlFor="gift-message">
              {t('giftDialog.message')}
            </label>
            <input
              id="gift-message"
              className="input"
              type="text"
              autoComplete="off"
              maxLength={MAX_GIFT_MESSAGE * 2}
              value={message}
              aria-invalid={messageTooLong}
              aria-describedby="gift-message-count"
              onChange={(event) => {
                setMessage(event.target.value);
                setOutcome(null);
              }}
            />
            <p id="gift-message-count" className={messageTooLong ? 'field-error' : 'field-hint muted'}>
              {messageTooLong ? t('giftDialog.errors.messageTooLong', { max: MAX_GIFT_MESSAGE }) : t('giftDialog.messageCount', { count: cleaned.length, max: MAX_GIFT_MESSAGE })}
            </p>
          </div>
          {refusalText && (
            <div className="gift-refusal" role="alert">
              <p className="field-error">{refusalText}</p>
              {refusal?.code === 'INSUFFICIENT_LUV' && !short && buyLink}
            </div>
          )}
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.close')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={sending || ended || needsLuv || messageTooLong || !!amountProblem}>
              {amount !== null ? t('giftDialog.sendAmount', luv(amount)) : t('giftDialog.send')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
