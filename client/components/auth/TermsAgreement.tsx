import { useState } from 'react';
import useSWR from 'swr';
import { getPolicy, type Policy, type PolicyType } from '../../data/account';
import { ApiError } from '../../data/api';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { FieldError } from './Field';
import type { Msg } from './messages';
import { PolicyDialog } from './PolicyDialog';

export interface TermsState {
  service: boolean;
  privacy: boolean;
  marketing: boolean;
}
export const NO_TERMS: TermsState = { service: false, privacy: false, marketing: false };

async function fetchPolicy([, type, locale]: readonly [string, PolicyType, string]): Promise<Policy> {
  const result = await getPolicy(type, locale);
  // SWR keeps the failure; the fieldset says the policy could not be read.
  if (!result.ok || !result.body) throw new ApiError(result.status, result.message, result.code);
  return result.body;
}

function usePolicy(type: PolicyType, locale: string) {
  return useSWR(['policy', type, locale] as const, fetchPolicy, { revalidateIfStale: false });
}

const ITEMS = [
  { key: 'service', policy: 'service-rules', required: true },
  { key: 'privacy', policy: 'privacy-rules', required: true },
  { key: 'marketing', policy: null, required: false },
] as const;

interface TermsAgreementProps {
  idPrefix: string;
  value: TermsState;
  onChange: (value: TermsState) => void;
  error: Msg;
}

/**
 * Terms: service and privacy required, marketing optional, 'agree all' toggles the three.
 * The box appears only once both policy texts have loaded, so nobody agrees to a text they cannot open.
 */
export function TermsAgreement({ idPrefix, value, onChange, error }: TermsAgreementProps) {
  const t = useT();
  const { props } = useRouter();
  const service = usePolicy('service-rules', props.locale);
  const privacy = usePolicy('privacy-rules', props.locale);
  const [shown, setShown] = useState<Policy | null>(null);
  const errorId = `${idPrefix}-terms-error`;

  if (service.error || privacy.error) {
    return (
      <div className="terms terms-failed">
        <p role="alert">{t('terms.loadFailed')}</p>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            void service.mutate();
            void privacy.mutate();
          }}
        >
          {t('terms.retry')}
        </button>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }
  if (!service.data || !privacy.data) {
    return (
      <div className="terms terms-loading">
        <p role="status">{t('terms.loading')}</p>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  const policies = { 'service-rules': service.data, 'privacy-rules': privacy.data };
  const all = value.service && value.privacy && value.marketing;
  return (
    <fieldset className="terms" aria-describedby={error ? errorId : undefined}>
      <legend>{t('terms.title')}</legend>
      <label className="check check-all">
        <input type="checkbox" name="agreeAll" checked={all} onChange={(e) => onChange({ service: e.target.checked, privacy: e.target.checked, marketing: e.target.checked })} />
        {t('terms.agreeAll')}
      </label>
      <ul className="terms-list">
        {ITEMS.map((item) => (
          <li key={item.key}>
            <label className="check">
              <input type="checkbox" name={`terms-${item.key}`} checked={value[item.key]} onChange={(e) => onChange({ ...value, [item.key]: e.target.checked })} />
              {/* One run of text, so the tag follows the words and wraps with them, not as a column of its own. */}
              <span>
                {t(`terms.${item.key}`)} <span className="terms-tag">{t(item.required ? 'terms.required' : 'terms.optional')}</span>
              </span>
            </label>
            {item.policy && (
              <button type="button" className="btn btn-ghost btn-small" aria-label={t('terms.viewNamed', { name: t(`terms.${item.key}`) })} onClick={() => setShown(policies[item.policy])}>
                {t('terms.view')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <FieldError id={errorId} error={error} />
      <PolicyDialog id={`${idPrefix}-policy-dialog`} policy={shown} onClose={() => setShown(null)} />
    </fieldset>
  );
}
