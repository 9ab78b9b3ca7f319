import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { DomesticSignupForm } from '../components/auth/DomesticSignupForm';
import { SignupTabs } from '../components/auth/SignupTabs';
import { searchOf } from './page-data';

export function SignUpPage({ props }: { props: PageProps<'SIGNUP'> }) {
  const t = useT();
  return (
    <section className="auth-page" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('signup.title')}</h1>
      <SignupTabs current="domestic" search={searchOf(props)} showForeigner={props.data.showForeignerTab} />
      <DomesticSignupForm idPrefix="signup-page" callbackURL={props.data.callbackURL} partnerCode={props.data.partnerCode || null} />
    </section>
  );
}
