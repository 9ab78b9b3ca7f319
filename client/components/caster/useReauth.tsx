import { useState } from 'react';
import { reauthenticate } from '../../data/payout-api';
import { useT } from '../../i18n/i18n';
import { useIdentityPopup } from '../auth/useIdentityPopup';
import { useFailureWords } from '../../data/use-mutation';

/**
 * The fresh proof the bank account and a withdrawal ask for (POST /api/my/reauth): the member's password, or for a
 * member without one (a social sign-up) an identity check. `fields` goes inside the form; `prove()` before the call
 * answers null when proved, else the words to show.
 */
export function useReauth(id: string) {
  const t = useT();
  const words = useFailureWords();
  const { verify, busy } = useIdentityPopup();
  const [password, setPassword] = useState('');
  const [verified, setVerified] = useState(false);
  const [identityFailure, setIdentityFailure] = useState<string | null>(null);

  const prove = async (): Promise<string | null> => {
    if (verified && !password) return null;
    if (!password) return t('reauth.errors.passwordEmpty');
    const answer = await reauthenticate({ password });
    setPassword('');
    return answer.ok ? null : words(answer, { fallback: 'reauth.errors.required' });
  };

  const withIdentity = async () => {
    setIdentityFailure(null);
    const authKey = await verify({ kind: 'personal' });
    if (!authKey) return;
    const answer = await reauthenticate({ authKey });
    setVerified(answer.ok);
    if (!answer.ok) setIdentityFailure(words(answer, { fallback: 'reauth.errors.required' }));
  };

  const fields = (
    <fieldset className="field reauth">
      <legend className="field-label">{t('reauth.title')}</legend>
      <p id={`${id}-help`} className="muted">
        {t('reauth.help')}
      </p>
      <label className="field-label" htmlFor={`${id}-password`}>
        {t('reauth.password')}
      </label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="current-password"
        maxLength={40}
        value={password}
        aria-describedby={`${id}-help`}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="muted">{t('reauth.noPasswordHelp')}</p>
      <button type="button" className="btn" disabled={busy || verified} aria-pressed={verified} onClick={withIdentity}>
        {verified ? `✓ ${t('reauth.verifyIdentity')}` : t('reauth.verifyIdentity')}
      </button>
      {identityFailure && (
        <p className="field-error" role="alert">
          {identityFailure}
        </p>
      )}
    </fieldset>
  );

  return { fields, prove };
}
