import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';

/** After a sign-up whose recommendId is a known partner code. */
export function CompletedSignupMarketingPage({ props }: { props: PageProps<'COMPLETED_SIGNUP_MARKETING'> }) {
  const t = useT();
  const partner = props.data.partnerName || props.data.partnerCode;
  return (
    <section className="notice-page" aria-labelledby="marketing-title">
      <h1 id="marketing-title">{t('signup.completeTitle')}</h1>
      {props.me && <p>{t('welcome.hello', { nickname: props.me.nickname })}</p>}
      <p>{partner ? t('welcome.partnerThanks', { partner }) : t('welcome.complete')}</p>
      <a className="btn btn-primary" href="/" data-reload>
        {t('welcome.home')}
      </a>
    </section>
  );
}
