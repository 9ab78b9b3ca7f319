import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { ForeignerSignupForm } from '../components/auth/ForeignerSignupForm';
import { SignupTabs } from '../components/auth/SignupTabs';
import { searchOf } from './page-data';

export function ForeignerSignUpPage({ props }: { props: PageProps<'SIGNUP_FOREIGNER'> }) {
  const t = useT();
  return (
    <section className="auth-page" aria-labelledby="foreigner-signup-title">
      <h1 id="foreigner-signup-title">{t('signup.foreignerTitle')}</h1>
      <SignupTabs current="foreigner" search={searchOf(props)} showForeigner />
      <ForeignerSignupForm idPrefix="foreigner-page" callbackURL={props.data.callbackURL} partnerCode={props.data.partnerCode || null} />
    </section>
  );
}
