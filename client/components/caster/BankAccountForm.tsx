import { useSetAtom } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { BankAccount } from '../../../src/shared/payout-schemas';
import { BANKS_KEY, saveBankAccount } from '../../data/payout-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { useReauth } from './useReauth';
import { useFailureWords } from '../../data/use-mutation';
import { useApi } from '../../data/use-api';

const NUMBER = /^\d[\d-]{4,28}\d$/;
const HOLDER_MAX = 40;

type Field = 'bank' | 'number' | 'holder';

/**
 * Where payouts go (bank_code, bank_account, bank_holder_name): the bank from GET /api/my/banks, the number and the
 * holder (the member's verified name), saved after a fresh proof of the member (useReauth).
 */
export function BankAccountForm({ account, onSaved }: { account: BankAccount | null; onSaved: (account: BankAccount) => void }) {
  const t = useT();
  const words = useFailureWords();
  const pushToast = useSetAtom(pushToastAtom);
  const banks = useApi(BANKS_KEY);
  const [form, setForm] = useState({ bank: account?.bank_code ?? '', number: account?.bank_account ?? '', holder: account?.bank_holder_name ?? '' });
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reauth = useReauth('payout-account-reauth');

  const problems: Record<Field, string | null> = {
    bank: form.bank ? null : t('payout.errors.bank'),
    number: NUMBER.test(form.number.trim()) ? null : t('payout.errors.number'),
    holder: form.holder.trim() && form.holder.trim().length <= HOLDER_MAX ? null : t('payout.errors.holder'),
  };
  const shown = (field: Field) => (tried ? problems[field] : null);
  const bankName = (code: string) => banks.data?.items.find((b) => b.code === code)?.name ?? code;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.values(problems).some(Boolean) || saving) return;
    setSaving(true);
    const unproved = await reauth.prove();
    if (unproved) {
      setSaving(false);
      setFailure(unproved);
      return;
    }
    const answer = await saveBankAccount({ bank_code: form.bank as BankAccount['bank_code'], bank_account: form.number.trim(), bank_holder_name: form.holder.trim() });
    setSaving(false);
    if (answer.ok && answer.body?.account) {
      pushToast({ key: 'payout.account.saved' });
      setTried(false);
      onSaved(answer.body.account);
    } else {
      setFailure(words(answer, { fallback: 'payout.account.failed' }));
    }
  };

  const field = (id: Field, label: string, input: ReactNode, help?: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`payout-${id}`}>
        {label}
      </label>
      {input}
      {help && (
        <p id={`payout-${id}-help`} className="muted">
          {help}
        </p>
      )}
      {shown(id) && (
        <p id={`payout-${id}-error`} className="field-error">
          {shown(id)}
        </p>
      )}
    </div>
  );
  const described = (id: Field, help = false) => [help ? `payout-${id}-help` : '', shown(id) ? `payout-${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form method="post" className="payout-account" onSubmit={submit} noValidate aria-labelledby="payout-account-title">
      <h3 id="payout-account-title">{t('payout.account.title')}</h3>
      <p className={account ? 'muted' : 'field-error'}>
        {account ? t('payout.account.registered', { bank: bankName(account.bank_code), number: account.bank_account, holder: account.bank_holder_name }) : t('payout.account.none')}
      </p>
      {field(
        'bank',
        t('payout.account.bank'),
        <select id="payout-bank" className="input" value={form.bank} aria-invalid={!!shown('bank')} aria-describedby={described('bank')} onChange={(e) => setForm({ ...form, bank: e.target.value })}>
          <option value="">{t('payout.account.choose')}</option>
          {(banks.data?.items ?? []).map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'number',
        t('payout.account.number'),
        <input
          id="payout-number"
          className="input"
          inputMode="numeric"
          autoComplete="off"
          value={form.number}
          aria-invalid={!!shown('number')}
          aria-describedby={described('number', true)}
          onChange={(e) => setForm({ ...form, number: e.target.value })}
        />,
        t('payout.account.numberHelp'),
      )}
      {field(
        'holder',
        t('payout.account.holder'),
        <input
          id="payout-holder"
          className="input"
          autoComplete="name"
          maxLength={HOLDER_MAX}
          value={form.holder}
          aria-invalid={!!shown('holder')}
          aria-describedby={described('holder')}
          onChange={(e) => setForm({ ...form, holder: e.target.value })}
        />,
      )}
      {reauth.fields}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn" disabled={saving}>
        {t('payout.account.save')}
      </button>
    </form>
  );
}
