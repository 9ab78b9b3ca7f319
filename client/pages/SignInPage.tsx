import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { M } from '../../src/shared/account-rules';
import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { alertMessageAtom } from '../state/ui';
import { LoginForm } from '../components/auth/LoginForm';
import { searchOf } from './page-data';
import { SOCIAL_ERROR_QUERY } from '../../src/shared/social';
import { socialErrorKey } from '../components/social/social-error';

export function SignInPage({ props }: { props: PageProps<'SIGNIN'> }) {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const callbackURL = props.data.callbackURL;
  // The server drops a callbackURL that leads off the site: say so ('invalid access').
  const refused = !!props.query.callbackURL && !callbackURL;
  // A refused social login comes back here with ?socialError= (unknown failures say '알 수 없는 오류가 발생하였습니다.').
  const socialError = socialErrorKey(props.query[SOCIAL_ERROR_QUERY]);
  useEffect(() => {
    if (refused) setAlert(t(M.invalidAccess));
    else if (socialError) setAlert(t(socialError));
  }, [refused, socialError, setAlert, t]);

  return (
    <section className="auth-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('login.title')}</h1>
      {/* Without a callbackURL a member goes home: reloading /signin would show the form again, logged in. */}
      <LoginForm idPrefix="signin-page" callbackURL={callbackURL ?? '/'} savedLoginId={props.data.savedLoginId || null} socialProviders={props.data.socialProviders} />
      <p className="auth-alt">
        {t('login.noAccount')} <a href={`/signup${searchOf(props)}`}>{t('login.signupLink')}</a>
      </p>
    </section>
  );
}
