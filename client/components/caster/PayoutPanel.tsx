import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { Withdrawal, WithdrawListResponse } from '../../../src/shared/payout-schemas';
import { MAX_PAGE_LIMIT } from '../../../src/shared/paging-limits';
import { BANK_ACCOUNT_KEY, cancelWithdrawal } from '../../data/payout-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { useCurrency } from '../gift/currency';
import { BankAccountForm } from './BankAccountForm';
import { WithdrawForm } from './WithdrawForm';
import { apiKey } from '../../data/api';
import { useFailureNotice } from '../../data/use-mutation';
import { formatInteger } from '../../lib/format';
import { formatDateTime } from '../../lib/format-detail';
import { useApi } from '../../data/use-api';

const PAGE = 10;
const listKey = (pages: number) => apiKey('/api/luv/withdraw-list', { query: { limit: Math.min(PAGE * pages, MAX_PAGE_LIMIT) } });

/**
 * The creator's payouts in the studio: earnings and what waits to be paid, the bank account, the request
 * form with its figures, and the withdrawals with their states (a request not yet approved can be cancelled).
 */
export function PayoutPanel() {
  const t = useT();
  const { luv } = useCurrency();
  const [pages, setPages] = useState(1);
  const list = useApi(listKey(pages), { keepPreviousData: true });
  const account = useApi(BANK_ACCOUNT_KEY);
  if (list.error || account.error) {
    return (
      <p className="field-error" role="alert">
        {t('payout.loadFailed')}
      </p>
    );
  }
  if (!list.data || !account.data) return <p role="status">{t('payout.loading')}</p>;
  const refresh = () => void list.mutate();
  return (
    <>
      <p className="payout-balance" aria-live="polite">
        <strong data-testid="payout-earnings">{t('payout.earnings', luv(list.data.earnings))}</strong>
        <br />
        <span className="muted" data-testid="payout-pending">
          {t('payout.pending', luv(list.data.pending))}
        </span>
      </p>
      <BankAccountForm account={account.data.account} onSaved={(saved) => void account.mutate({ account: saved }, { revalidate: false })} />
      <WithdrawForm earnings={list.data.earnings} onDone={refresh} />
      <WithdrawalList data={list.data} onChanged={refresh} onMore={() => setPages(pages + 1)} />
    </>
  );
}

function WithdrawalList({ data, onChanged, onMore }: { data: WithdrawListResponse; onChanged: () => void; onMore: () => void }) {
  const t = useT();
  const { currency, locale, luv } = useCurrency();
  const pushToast = useSetAtom(pushToastAtom);
  const notice = useFailureNotice();
  const [busy, setBusy] = useState<number | null>(null);

  const cancel = async (w: Withdrawal) => {
    setBusy(w.withdrawId);
    const answer = await cancelWithdrawal(w.withdrawId);
    setBusy(null);
    if (!answer.ok) return notice(answer, { fallback: 'errors.network' });
    pushToast({ key: 'payout.list.cancelled', params: { currency } });
    onChanged();
  };

  return (
    <div className="payout-list">
      <h3 id="payout-list-title">{t('payout.list.title')}</h3>
      {data.items.length === 0 ? (
        <p className="empty-state">{t('payout.list.empty')}</p>
      ) : (
        <ul aria-labelledby="payout-list-title" aria-busy={busy !== null}>
          {data.items.map((w) => {
            const date = formatDateTime(w.requestedAt, locale);
            return (
              <li key={w.withdrawId} className="payout-row" data-status={w.status}>
                <span className={`badge payout-status payout-status-${w.status}`}>{t(`payout.status.${w.status}`)}</span>
                <span className="payout-row-text">
                  <span>{t('payout.list.amount', { ...luv(w.luv), net: formatInteger(w.netKrw, locale) })}</span>
                  <span className="muted">{t('payout.list.requestedAt', { date })}</span>
                </span>
                {w.cancellable && (
                  <button type="button" className="btn btn-small" disabled={busy !== null} aria-label={t('payout.list.cancelLabel', { ...luv(w.luv), date })} onClick={() => void cancel(w)}>
                    {t('payout.list.cancel')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data.items.length < data.total && data.limit < MAX_PAGE_LIMIT && (
        <button type="button" className="btn btn-block load-more" onClick={onMore}>
          {t('payout.list.more')}
        </button>
      )}
    </div>
  );
}
