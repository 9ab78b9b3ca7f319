import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { GUEST_PASS_MINUTES } from '../../src/shared/guest-auth';
import { signinLocation } from '../../src/shared/callback-url';
import { useIdentityPopup } from '../components/auth/useIdentityPopup';
import { Spinner } from '../components/auth/Spinner';
import { requestGuestPass } from '../data/account';
import { useMutation } from '../data/use-mutation';
import { FormStatus } from '../components/ui/small-form';
import { useT } from '../i18n/i18n';
import { openLoginModalAtom } from '../state/ui';
import { formatDateTime } from '../lib/format-detail';

/**
 * /guest-auth: a guest verifies their age through the identity provider, without an account, and gets an adult
 * pass for this device (POST /api/guest/adult-pass; the site keeps it in an HttpOnly cookie). The API decides:
 * an adult gets the pass, anyone under 19 is told why not; a member verifies their own account instead.
 */
export function GuestAuthPage({ props }: { props: PageProps<'GUEST_AUTH'> }) {
  const t = useT();
  const data = props.data;
  const back = data.callbackURL ?? '/';
  const openLogin = useSetAtom(openLoginModalAtom);
  const { verify, busy } = useIdentityPopup();
  const pass = useMutation(requestGuestPass, { fallback: 'errors.network', show: 'form' });
  const sending = pass.pending;
  const [until, setUntil] = useState<number | null>(null);
  const result = useRef<HTMLDivElement>(null);

  // The outcome takes focus, so a screen reader hears it and Tab goes on to "watch now".
  useEffect(() => {
    if (until !== null) result.current?.focus();
  }, [until]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || sending) return;
    pass.setFailure(null);
    const authKey = await verify({ kind: 'guest-adult' });
    if (!authKey) return;
    const res = await pass.run(authKey);
    if (!res?.ok || !res.body) return;
    setUntil(res.body.expiresAt);
  };

  return (
    <section className="auth-page guest-auth-page" aria-labelledby="guest-auth-title">
      <h1 id="guest-auth-title">{t('guestAuth.title')}</h1>
      {props.me ? (
        <div className="auth-form">
          <p>{t('guestAuth.member')}</p>
          <a className="btn btn-primary btn-block" href={back}>
            {t('guestAuth.back')}
          </a>
        </div>
      ) : data.adultBroadcast === false ? (
        <div className="auth-form">
          <p role="status">{t('guestAuth.unavailable')}</p>
          <a className="btn btn-block" href={back}>
            {t('guestAuth.back')}
          </a>
        </div>
      ) : until !== null ? (
        <div className="auth-form" role="status" ref={result} tabIndex={-1}>
          <p>{t('guestAuth.done', { time: formatDateTime(until, props.locale) })}</p>
          <a className="btn btn-primary btn-block" href={back}>
            {t('guestAuth.watch')}
          </a>
        </div>
      ) : (
        <form method="post" className="auth-form" onSubmit={onSubmit} noValidate aria-describedby="guest-auth-intro">
          <div id="guest-auth-intro">
            <p>{t('guestAuth.intro')}</p>
            <ul className="guest-auth-points">
              <li>{t('guestAuth.noAccount')}</li>
              <li>{t('guestAuth.lasts', { minutes: GUEST_PASS_MINUTES })}</li>
              <li>{t('guestAuth.rules')}</li>
            </ul>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || sending}>
            {(busy || sending) && <Spinner />}
            {t('guestAuth.verify')}
          </button>
          <FormStatus failure={pass.failure} />
          <p className="guest-auth-member">
            {t('guestAuth.haveAccount')}{' '}
            <a
              href={signinLocation(back)}
              onClick={(event) => {
                event.preventDefault();
                openLogin('signIn');
              }}
            >
              {t('guestAuth.signIn')}
            </a>
          </p>
        </form>
      )}
    </section>
  );
}
