import { useEffect, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { getProfile } from '../data/account';
import { WelcomePanel } from '../components/auth/WelcomePanel';

export function CompletedSignupPage({ props }: { props: PageProps<'COMPLETED_SIGNUP'> }) {
  const t = useT();
  const callbackURL = props.data.callbackURL;
  // Page props do not say whether identity is verified; assume so until the profile says otherwise,
  // so the verify button never flashes for members who already are.
  const [verified, setVerified] = useState(true);
  useEffect(() => {
    if (!props.me) return;
    let live = true;
    void getProfile().then((result) => {
      if (live && result.ok && result.body) setVerified(result.body.profile.identityVerified);
    });
    return () => {
      live = false;
    };
  }, [props.me]);

  return (
    <section className="auth-page" aria-labelledby="completed-title">
      <h1 id="completed-title">{t('signup.completeTitle')}</h1>
      <WelcomePanel idPrefix="completed" nickname={props.me?.nickname} identityVerified={verified}>
        <a className="btn btn-primary btn-block" href={callbackURL ?? '/'} data-reload>
          {t(callbackURL ? 'welcome.continue' : 'welcome.home')}
        </a>
      </WelcomePanel>
    </section>
  );
}
