import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { dataString } from './page-data';

/** After a sign-up whose recommendId is a known partner code. */
export function CompletedSignupMarketingPage({ props }: { props: PageProps }) {
  const t = useT();
  const partner = dataString(props, 'partnerName') ?? dataString(props, 'partnerCode');
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
