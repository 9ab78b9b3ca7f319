import type { PageProps } from '../../src/shared/page-props';
import { SocialLinkForm } from '../components/social/SocialLinkForm';
import { SocialSignupForm } from '../components/social/SocialSignupForm';
import { useT } from '../i18n/i18n';

/** /signup/social/<provider>: a new person after the provider (the social sign-up form), or an existing member linking it. */
export function SocialSignUpPage({ props }: { props: PageProps<'SIGNUP_SOCIAL'> }) {
  const t = useT();
  const data = props.data;
  if (!data.accessToken) return null;
  const provider = t(`social.name.${data.provider}`);
  return (
    <section className="auth-page" aria-labelledby="social-signup-title">
      <h1 id="social-signup-title">{t('social.signupTitle')}</h1>
      <p>{t('social.signupLead', { provider })}</p>
      <SocialSignupForm data={data} />
      <h2 id="social-link-title">{t('social.linkTitle')}</h2>
      <p>{t('social.linkLead', { provider })}</p>
      <SocialLinkForm data={data} />
    </section>
  );
}
