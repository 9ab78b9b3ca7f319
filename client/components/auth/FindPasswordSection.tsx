import { useState, type FocusEvent, type FormEvent } from 'react';
import type { RecoveryProof } from '../../../src/shared/account-api';
import { M, domesticRules, stripSpaces } from '../../../src/shared/account-rules';
import { findPasswordConfirm, resetPassword } from '../../data/account';
import { useFailureNotice } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { Field } from './Field';
import { key, towardsSubmit, type Msg } from './messages';
import { PhoneVerification, type VerifiedPhone } from './PhoneVerification';
import { Spinner } from './Spinner';
import { useIdentityPopup } from './useIdentityPopup';

type ErrorField = 'loginId' | 'phone' | 'password' | 'confirmPassword';

/**
 * Find password: the ID, then proof of its owner (identity verification, or for a foreign member the phone they
 * signed up with), then a new password (the domestic password rule, which is also the foreigner form's).
 */
export function FindPasswordSection({ foreigner }: { foreigner: boolean }) {
  const t = useT();
  const notice = useFailureNotice();
  const { verify, busy } = useIdentityPopup();
  const [loginId, setLoginId] = useState('');
  const [phone, setPhone] = useState<VerifiedPhone | null>(null);
  // A refused phone token is spent: a fresh phone form lets the person verify again.
  const [phoneForm, setPhoneForm] = useState(0);
  const [authToken, setAuthToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<ErrorField, Msg>>({ loginId: null, phone: null, password: null, confirmPassword: null });
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const proofOf = async (): Promise<RecoveryProof | null> => {
    if (foreigner) return phone;
    const authKey = await verify({ kind: 'find', type: 'password', loginId });
    return authKey ? { authKey } : null;
  };

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    const next = { ...errors, loginId: loginId ? null : key(M.idRequired), phone: foreigner && !phone ? key(M.phoneNotVerified) : null };
    setErrors(next);
    if (next.loginId || next.phone || sending) return;
    const proof = await proofOf();
    if (!proof) return;
    setSending(true);
    const result = await findPasswordConfirm(loginId, proof);
    setSending(false);
    if (!result.ok || !result.body?.authToken) {
      if (foreigner) {
        setPhone(null);
        setPhoneForm((n) => n + 1);
      }
      return notice(result, { fallback: 'auth.errors.unknown' });
    }
    setAuthToken(result.body.authToken);
  };

  const onPhone = (verified: VerifiedPhone) => {
    setPhone(verified);
    setErrors((all) => ({ ...all, phone: null }));
  };

  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    const next = { loginId: null, phone: null, password: key(domesticRules.password(password)), confirmPassword: key(domesticRules.confirmPassword(confirmPassword, password)) };
    setErrors(next);
    if (next.password || next.confirmPassword || !authToken || sending) return;
    setSending(true);
    const result = await resetPassword({ loginId, authToken, password });
    setSending(false);
    if (!result.ok) return notice(result, { fallback: 'auth.errors.unknown' });
    setDone(true);
  };

  const onBlur = (field: 'password' | 'confirmPassword') => (event: FocusEvent) => {
    if (towardsSubmit(event)) return;
    setErrors((all) => ({ ...all, [field]: key(field === 'password' ? domesticRules.password(password) : domesticRules.confirmPassword(confirmPassword, password)) }));
  };

  return (
    <section className="find-section" aria-labelledby="find-password-title">
      <h2 id="find-password-title">{t('find.passwordTitle')}</h2>
      {done ? (
        <div role="status" className="find-result">
          <p>{t('find.passwordChanged')}</p>
          <a className="btn btn-primary btn-block" href="/signin">
            {t('find.toSignin')}
          </a>
        </div>
      ) : authToken ? (
        <form method="post" className="auth-form" onSubmit={onReset} noValidate aria-busy={sending}>
          <p>{t('find.newPasswordIntro', { loginId })}</p>
          <Field
            id="find-password-new"
            name="password"
            type="password"
            label={t('find.newPassword')}
            value={password}
            onValue={(v) => setPassword(stripSpaces(v))}
            onBlur={onBlur('password')}
            error={errors.password}
            autoComplete="new-password"
            maxLength={15}
          />
          <Field
            id="find-password-confirm"
            name="confirmPassword"
            type="password"
            label={t('find.confirmPassword')}
            value={confirmPassword}
            onValue={(v) => setConfirmPassword(stripSpaces(v))}
            onBlur={onBlur('confirmPassword')}
            error={errors.confirmPassword}
            autoComplete="new-password"
            maxLength={15}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
            {sending && <Spinner />}
            {t('find.changePassword')}
          </button>
        </form>
      ) : (
        <form method="post" className="auth-form" onSubmit={onVerify} noValidate aria-busy={sending}>
          <p>{t(foreigner ? 'find.foreigner.passwordIntro' : 'find.passwordIntro')}</p>
          <Field
            id="find-password-loginId"
            name="loginId"
            label={t('login.id')}
            value={loginId}
            onValue={(v) => setLoginId(stripSpaces(v))}
            error={errors.loginId}
            autoComplete="username"
            autoCapitalize="none"
          />
          {foreigner && <PhoneVerification key={phoneForm} idPrefix="find-password" onVerified={onPhone} error={errors.phone} />}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || sending}>
            {(busy || sending) && <Spinner />}
            {t(foreigner ? 'find.foreigner.next' : 'identity.verify')}
          </button>
        </form>
      )}
    </section>
  );
}
