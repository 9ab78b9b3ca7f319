import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { LoginTabs } from '../components/auth/LoginTabs';
import type { LoginModalType } from '../state/ui';

export function SignInPage({ props }: { props: PageProps }) {
  const t = useT();
  const [type, setType] = useState<LoginModalType>('signIn');
  const callbackURL = typeof props.data.callbackURL === 'string' ? props.data.callbackURL : null;
  return (
    <section className="auth-page" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('login.title')}</h1>
      <LoginTabs idPrefix="signin-page" type={type} onChange={setType} callbackURL={callbackURL} />
    </section>
  );
}
