import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { M } from '../../src/shared/account-rules';
import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { alertMessageAtom } from '../state/ui';
import { LoginForm } from '../components/auth/LoginForm';
import { dataString, searchOf } from './page-data';

export function SignInPage({ props }: { props: PageProps }) {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const callbackURL = dataString(props, 'callbackURL');
  // The server drops a callbackURL that leads off the site (SPEC §8 'invalid access'): say so.
  const refused = !!props.query.callbackURL && !callbackURL;
  useEffect(() => {
    if (refused) setAlert(t(M.invalidAccess));
  }, [refused, setAlert, t]);

  return (
    <section className="auth-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('login.title')}</h1>
      {/* Without a callbackURL a member goes home: reloading /signin would show the form again, logged in. */}
      <LoginForm idPrefix="signin-page" callbackURL={callbackURL ?? '/'} savedLoginId={dataString(props, 'savedLoginId')} />
      <p className="auth-alt">
        {t('login.noAccount')} <a href={`/signup${searchOf(props)}`}>{t('login.signupLink')}</a>
      </p>
    </section>
  );
}
