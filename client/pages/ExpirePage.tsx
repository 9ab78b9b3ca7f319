import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ExpiryResponse } from '../../src/shared/account-api';
import type { PageProps } from '../../src/shared/page-props';
import { useIdentityPopup } from '../components/auth/useIdentityPopup';
import { expireStep } from '../data/account';
import { useT } from '../i18n/i18n';
import { alertMessageAtom, openLoginModalAtom } from '../state/ui';
import { useFailureNotice } from '../data/use-mutation';

type Step = ExpiryResponse['step'];
const STEPS: Step[] = ['AGREEMENT', 'IDENTIFICATION', 'COMPLETE'];

/**
 * The expiry flow, /signin/expire: a dormant account (a year without signing in) is woken by its owner
 * in three steps — AGREEMENT (they agree to use it again), IDENTIFICATION (identity verification with
 * type=expire; the verified person must be the account's owner), COMPLETE (they can sign in). Each step
 * is the API's answer (POST /api/auth/expire), never the page's guess.
 */
export function ExpirePage({ props }: { props: PageProps<'EXPIRE'> }) {
  const t = useT();
  const data = props.data;
  const setAlert = useSetAtom(alertMessageAtom);
  const notice = useFailureNotice();
  const openLogin = useSetAtom(openLoginModalAtom);
  const { verify, busy } = useIdentityPopup();
  const [loginId, setLoginId] = useState(data.loginId ?? '');
  const [step, setStep] = useState<Step | null>(null);
  const [agree, setAgree] = useState(false);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const ask = async (body: Parameters<typeof expireStep>[0]) => {
    setSending(true);
    const res = await expireStep(body);
    setSending(false);
    if (!res.ok || !res.body) {
      notice(res, { fallback: 'auth.errors.unknown' });
      return;
    }
    setStep(res.body.step);
  };

  // Where the account is: AGREEMENT while dormant, COMPLETE when it can sign in already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the login ID the page opened with
  useEffect(() => {
    if (data.loginId) void ask({ loginId: data.loginId });
  }, []);
  // Each new step takes focus to its heading, so a screen reader hears where the flow is.
  useEffect(() => {
    if (step) heading.current?.focus();
  }, [step]);

  const onLoginId = (event: FormEvent) => {
    event.preventDefault();
    if (loginId.trim()) void ask({ loginId: loginId.trim() });
  };
  const onAgree = (event: FormEvent) => {
    event.preventDefault();
    if (!agree) return setAlert(t('auth.expire.agreementRequired'));
    void ask({ loginId: loginId.trim(), agree: true });
  };
  const onVerify = async () => {
    const authKey = await verify({ kind: 'expire', loginId: loginId.trim() });
    if (authKey) await ask({ loginId: loginId.trim(), agree: true, authKey });
  };

  return (
    <section className="auth-page expire-page" aria-labelledby="expire-title">
      <h1 id="expire-title">{t('member.expire.title')}</h1>
      {step && (
        <ol className="expire-steps" aria-label={t('member.expire.stepsLabel')}>
          {STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'current' : undefined}>
              {t('member.expire.stepOf', { n: i + 1, name: t(`member.expire.steps.${s}`) })}
            </li>
          ))}
        </ol>
      )}
      {!step && (
        <form method="post" className="auth-form" onSubmit={onLoginId} noValidate>
          <p>{t('member.expire.intro')}</p>
          <label htmlFor="expire-loginId">{t('login.id')}</label>
          <input id="expire-loginId" name="loginId" value={loginId} autoComplete="username" autoCapitalize="none" onChange={(e) => setLoginId(e.target.value)} />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
            {t('member.expire.next')}
          </button>
        </form>
      )}
      {step === 'AGREEMENT' && (
        <form method="post" className="auth-form" onSubmit={onAgree} noValidate aria-labelledby="expire-step">
          <h2 id="expire-step" ref={heading} tabIndex={-1}>
            {t('member.expire.steps.AGREEMENT')}
          </h2>
          <p>{t('member.expire.agreementText', { loginId: loginId.trim() })}</p>
          <label className="check">
            <input type="checkbox" name="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} /> {t('member.expire.agree')}
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
            {t('member.expire.next')}
          </button>
        </form>
      )}
      {step === 'IDENTIFICATION' && (
        <div className="auth-form">
          <h2 id="expire-step" ref={heading} tabIndex={-1}>
            {t('member.expire.steps.IDENTIFICATION')}
          </h2>
          <p>{t('member.expire.identificationText')}</p>
          <button type="button" className="btn btn-primary btn-block" disabled={busy || sending} onClick={onVerify}>
            {t('member.expire.verify')}
          </button>
        </div>
      )}
      {step === 'COMPLETE' && (
        <div className="auth-form">
          <h2 id="expire-step" ref={heading} tabIndex={-1}>
            {t('member.expire.steps.COMPLETE')}
          </h2>
          <p role="status">{t('member.expire.completeText', { loginId: loginId.trim() })}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => openLogin('signIn')}>
            {t('member.expire.login')}
          </button>
        </div>
      )}
    </section>
  );
}
