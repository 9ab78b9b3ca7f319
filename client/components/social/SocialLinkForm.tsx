import { useRef, useState, type FormEvent } from 'react';
import type { SocialSignupPageData } from '../../../src/shared/social-pages';
import { socialLink } from '../../data/social';
import { useT } from '../../i18n/i18n';
import { Field } from '../auth/Field';
import { Spinner } from '../auth/Spinner';
import { useIdentityPopup } from '../auth/useIdentityPopup';
import { useFailureNotice } from '../../data/use-mutation';

/**
 * Already a member: prove the account with its password, or by verifying one's identity (the same verified
 * person as a member: their CI), and the provider account is linked to it. Never by e-mail.
 */
export function SocialLinkForm({ data }: { data: SocialSignupPageData }) {
  const t = useT();
  const notice = useFailureNotice();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const { verify, busy } = useIdentityPopup();

  const onIdentity = async () => {
    if (inFlight.current) return;
    const authKey = await verify({ kind: 'signup' });
    if (!authKey) return;
    inFlight.current = true;
    setPending(true);
    const result = await socialLink(data.provider, { accessToken: data.accessToken, authKey });
    if (result.ok) return window.location.assign(data.callbackURL ?? '/');
    inFlight.current = false;
    setPending(false);
    notice(result, { fallback: 'social.errors.unknown' });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || !loginId || !password) return;
    inFlight.current = true;
    setPending(true);
    const result = await socialLink(data.provider, { accessToken: data.accessToken, loginId, password });
    if (result.ok) return window.location.assign(data.callbackURL ?? '/');
    inFlight.current = false;
    setPending(false);
    notice(result, { fallback: 'social.errors.unknown' });
  };

  return (
    <form method="post" className="auth-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      <Field id="social-link-loginId" name="loginId" label={t('login.id')} value={loginId} onValue={setLoginId} error={null} autoComplete="username" />
      <Field id="social-link-password" name="password" type="password" label={t('login.password')} value={password} onValue={setPassword} error={null} autoComplete="current-password" />
      <button type="submit" className="btn btn-block" disabled={pending}>
        {pending && <Spinner />}
        {t('social.linkSubmit')}
      </button>
      <p className="muted" id="social-link-identity-hint">
        {t('member.link.identityHint')}
      </p>
      <button type="button" className="btn btn-block" disabled={pending || busy} aria-describedby="social-link-identity-hint" onClick={onIdentity}>
        {t('member.link.identityButton')}
      </button>
    </form>
  );
}
