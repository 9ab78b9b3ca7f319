import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { M, domesticRules, stripSpaces, termsValue } from '../../../src/shared/account-rules';
import type { SocialSignupPageData } from '../../../src/shared/social-pages';
import { useRouter } from '../../app/router-context';
import { socialSignup, type SocialSignupBody } from '../../data/social';
import { useFailureWords } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { Field, FieldError } from '../auth/Field';
import { key, text, type Msg } from '../auth/messages';
import { Spinner } from '../auth/Spinner';
import { NO_TERMS, TermsAgreement, type TermsState } from '../auth/TermsAgreement';
import { useIdentityPopup } from '../auth/useIdentityPopup';
import { VerifiedMark } from '../auth/VerifiedMark';

const FIELDS = ['nickname', 'loginId', 'password', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];

/** The domestic sign-up rules, but ID and password may stay empty: a generated ID, and sign-in through the provider only. */
function rule(field: FieldName, v: Record<FieldName, string>): string | null {
  if (field === 'nickname') return domesticRules.nickname(v.nickname);
  if (field === 'loginId') return v.loginId ? domesticRules.loginId(v.loginId) : null;
  if (field === 'password') return v.password ? domesticRules.password(v.password) : null;
  return v.password ? domesticRules.confirmPassword(v.confirmPassword, v.password) : null;
}

/** The social sign-up form: nickname, an optional ID and password, identity verification unless a partner signs them up, terms. */
export function SocialSignupForm({ data }: { data: SocialSignupPageData }) {
  const t = useT();
  const { props } = useRouter();
  const setAlert = useSetAtom(alertMessageAtom);
  const words = useFailureWords();
  const { verify, busy: verifying } = useIdentityPopup();
  const [values, setValues] = useState<Record<FieldName, string>>({ nickname: (data.nickname ?? '').slice(0, 10), loginId: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, Msg>>>({});
  const [authKey, setAuthKey] = useState<string | null>(null);
  const [identityError, setIdentityError] = useState<Msg>(null);
  const [terms, setTerms] = useState<TermsState>(NO_TERMS);
  const [termsError, setTermsError] = useState<Msg>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const id = (name: string) => `social-signup-${name}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const next = Object.fromEntries(FIELDS.map((f) => [f, key(rule(f, values))])) as Record<FieldName, Msg>;
    setErrors(next);
    const identity = !authKey && !data.partnerCode ? key(M.identityRequired) : null;
    setIdentityError(identity);
    const agreed = termsValue(terms);
    setTermsError(agreed ? null : key(M.termsRequired));
    const firstInvalid = FIELDS.find((f) => next[f]);
    if (firstInvalid) document.getElementById(id(firstInvalid))?.focus();
    if (firstInvalid || identity || !agreed) return;
    const body: SocialSignupBody = {
      accessToken: data.accessToken,
      nickname: values.nickname,
      authKey: authKey ?? undefined,
      partnerCode: data.partnerCode ?? undefined,
      recommendId: props.query.rId ?? props.query.recommendId ?? undefined,
      device: props.isMobile ? 'MOBILEWEB' : 'PCWEB',
      loginId: values.loginId || undefined,
      password: values.password || undefined,
      terms: agreed,
    };
    if (data.provider === 'google' || data.provider === 'naver') body.countryCodes = 'KR';
    inFlight.current = true;
    setPending(true);
    const result = await socialSignup(data.provider, body);
    if (result.ok) return window.location.assign(`/completed/signup${data.callbackURL ? `?callbackURL=${encodeURIComponent(data.callbackURL)}` : ''}`);
    inFlight.current = false;
    setPending(false);
    // The server's words (sign-up's data.error among them), else '알 수 없는 오류가 발생하였습니다.'; none when the popup said it.
    const message = words(result, { fallback: 'social.errors.unknown' });
    if (message === null) return;
    const field = result.body?.data?.field;
    if (field && (FIELDS as readonly string[]).includes(field)) setErrors((all) => ({ ...all, [field]: text(message) }));
    setAlert(message);
  };

  const field = (name: FieldName, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean; hint?: string }) => {
    const { hint, ...input } = extra;
    return (
      <>
        <Field
          id={id(name)}
          name={name}
          label={t(`social.field.${name}`)}
          value={values[name]}
          onValue={(v) => {
            setValues((all) => ({ ...all, [name]: stripSpaces(v) }));
            setErrors((all) => ({ ...all, [name]: null }));
          }}
          error={errors[name] ?? null}
          aria-describedby={hint ? id(`${name}-hint`) : undefined}
          {...input}
        />
        {hint && (
          <p id={id(`${name}-hint`)} className="field-hint">
            {hint}
          </p>
        )}
      </>
    );
  };

  return (
    <form method="post" className="auth-form signup-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      {data.email && <p className="social-email">{t('social.signupAs', { email: data.email, provider: t(`social.name.${data.provider}`) })}</p>}
      {field('nickname', { autoComplete: 'nickname', maxLength: 10, required: true })}
      {field('loginId', { autoComplete: 'username', maxLength: 15, hint: t('social.loginIdHint') })}
      {field('password', { type: 'password', autoComplete: 'new-password', maxLength: 15, hint: t('social.passwordHint') })}
      {values.password && field('confirmPassword', { type: 'password', autoComplete: 'new-password', maxLength: 15 })}
      {!data.partnerCode && (
        <div className="field">
          <div className="field-row">
            <button
              type="button"
              className="btn btn-block"
              disabled={verifying || !!authKey}
              aria-describedby={identityError ? id('identity-error') : undefined}
              onClick={async () => {
                const verified = await verify({ kind: 'signup' });
                if (verified) {
                  setAuthKey(verified);
                  setIdentityError(null);
                }
              }}
            >
              {verifying && <Spinner />}
              {t(authKey ? 'identity.done' : 'identity.verify')}
            </button>
            {authKey && <VerifiedMark />}
          </div>
          <FieldError id={id('identity-error')} error={identityError} />
        </div>
      )}
      <TermsAgreement idPrefix="social-signup" value={terms} onChange={setTerms} error={termsError} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending && <Spinner />}
        {t('signup.submit')}
      </button>
    </form>
  );
}
