import { useSetAtom } from 'jotai';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { M, domesticRules, stripSpaces } from '../../../src/shared/account-rules';
import { failureText, findPasswordConfirm, resetPassword } from '../../data/account';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { Field } from './Field';
import { key, towardsSubmit, type Msg } from './messages';
import { Spinner } from './Spinner';
import { useIdentityPopup } from './useIdentityPopup';

/** Find password: the ID, identity verification, then a new password (the domestic password rule). */
export function FindPasswordSection() {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const { verify, busy } = useIdentityPopup();
  const [loginId, setLoginId] = useState('');
  const [authToken, setAuthToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<'loginId' | 'password' | 'confirmPassword', Msg>>({ loginId: null, password: null, confirmPassword: null });
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    if (!loginId) return setErrors({ ...errors, loginId: key(M.idRequired) });
    setErrors({ ...errors, loginId: null });
    const authKey = await verify({ kind: 'find', type: 'password', loginId });
    if (!authKey) return;
    const result = await findPasswordConfirm(loginId, authKey);
    if (!result.ok || !result.body?.authToken) return setAlert(failureText(result, t));
    setAuthToken(result.body.authToken);
  };

  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    const next = { loginId: null, password: key(domesticRules.password(password)), confirmPassword: key(domesticRules.confirmPassword(confirmPassword, password)) };
    setErrors(next);
    if (next.password || next.confirmPassword || !authToken || sending) return;
    setSending(true);
    const result = await resetPassword({ loginId, authToken, password });
    setSending(false);
    if (!result.ok) return setAlert(failureText(result, t));
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
        <form method="post" className="auth-form" onSubmit={onVerify} noValidate>
          <p>{t('find.passwordIntro')}</p>
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
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy && <Spinner />}
            {t('identity.verify')}
          </button>
        </form>
      )}
    </section>
  );
}
