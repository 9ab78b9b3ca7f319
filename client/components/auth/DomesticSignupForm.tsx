import { useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import type { MeDto, SignupRequest } from '../../../src/shared/account-api';
import { M, domesticRules, termsValue } from '../../../src/shared/account-rules';
import { COOKIE } from '../../../src/shared/constants';
import { checkLoginId, checkNickname, findRecommender } from '../../data/account';
import { readCookie } from '../../data/cookies';
import { useT } from '../../i18n/i18n';
import { Field, FieldError } from './Field';
import { key, serverVerdict, text, towardsSubmit, type Msg } from './messages';
import { Spinner } from './Spinner';
import { TermsAgreement } from './TermsAgreement';
import { useIdentityPopup } from './useIdentityPopup';
import { useSignupForm } from './useSignupForm';
import { VerifiedMark } from './VerifiedMark';

const FIELDS = ['loginId', 'password', 'confirmPassword', 'nickname', 'recommendId'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

interface DomesticSignupFormProps {
  idPrefix: string;
  inModal?: boolean;
  callbackURL: string | null;
  /** From the partner_code cookie (page data); hides identity verification. */
  partnerCode?: string | null;
  /** In a modal without a callbackURL: the member just created, for the welcome panel. */
  onComplete?: (me: MeDto | null) => void;
}

function syncRule(field: FieldName, v: Values): string | null {
  if (field === 'confirmPassword') return domesticRules.confirmPassword(v.confirmPassword, v.password);
  if (field === 'recommendId') return null;
  return domesticRules[field](v[field]);
}

export function DomesticSignupForm({ idPrefix, inModal = false, callbackURL, partnerCode = null, onComplete }: DomesticSignupFormProps) {
  const t = useT();
  const { props, values, setValue, errors, setErrors, setError, terms, setTerms, pending, id, checkOnServer, send } = useSignupForm<FieldName>(idPrefix, (recommendId) => ({
    loginId: '',
    password: '',
    confirmPassword: '',
    nickname: '',
    recommendId,
  }));
  const { verify, busy: verifying } = useIdentityPopup();
  const [recommender, setRecommender] = useState<string | null>(null);
  const [authKey, setAuthKey] = useState<string | null>(null);
  const [identityError, setIdentityError] = useState<Msg>(null);
  const [termsError, setTermsError] = useState<Msg>(null);
  // The cookie is only readable in the browser; the page passes it from the server when it has it.
  const [cookiePartner, setCookiePartner] = useState<string | null>(null);
  useEffect(() => setCookiePartner(readCookie(COOKIE.partnerCode)), []);
  const partner = partnerCode ?? cookiePartner;

  const onValue = (field: FieldName) => (value: string) => {
    setValue(field, value);
    if (field === 'recommendId') setRecommender(null);
  };

  /** On blur: the rule, then the server's duplicate or referrer check. */
  const onBlur = (field: FieldName) => async (event: FocusEvent) => {
    if (towardsSubmit(event)) return;
    const value = values[field];
    const rule = syncRule(field, values);
    if (rule || field === 'password' || field === 'confirmPassword') return setError(field, key(rule));
    if (field === 'recommendId' && !value) return setError(field, null);
    if (field === 'loginId' || field === 'nickname') {
      const taken = key(field === 'loginId' ? M.idTaken : M.nicknameTaken);
      return checkOnServer(field, value, field === 'loginId' ? checkLoginId(value) : checkNickname(value), (body) => (body?.result === 'overlap' ? taken : null));
    }
    await checkOnServer(field, value, findRecommender(value, values.loginId), (body) => {
      const found = body?.result;
      if (found === 'notfound') return key(M.recommenderNotFound);
      if (found === 'overlap') return key(M.recommenderOverlap);
      if (found) setRecommender(found);
      return null;
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<FieldName, Msg>> = {};
    for (const field of FIELDS) next[field] = key(syncRule(field, values)) ?? serverVerdict(errors[field]);
    setErrors(next);
    const identity = !authKey && !partner ? key(M.identityRequired) : null;
    const agreed = termsValue(terms);
    setIdentityError(identity);
    setTermsError(agreed ? null : key(M.termsRequired));
    const firstInvalid = FIELDS.find((field) => next[field]);
    if (firstInvalid) document.getElementById(id(firstInvalid))?.focus();
    if (firstInvalid || identity || !agreed) return;
    const request: SignupRequest = {
      loginId: values.loginId,
      password: values.password,
      nickname: values.nickname,
      recommendId: recommender ?? (values.recommendId || undefined),
      partnerCode: partner ?? undefined,
      device: props.isMobile ? 'MOBILEWEB' : 'PCWEB',
      authKey: authKey ?? undefined,
      aspCode: props.query.asp_code,
      userkey: props.query.userkey,
      aspToken: props.query.asp_token,
      isForeigner: false,
      terms: agreed,
    };
    send(request, {
      signedUp: (me) => {
        if (!inModal) return window.location.assign(`/completed/signup${callbackURL ? `?callbackURL=${encodeURIComponent(callbackURL)}` : ''}`);
        if (callbackURL) return window.location.assign(callbackURL);
        onComplete?.(me);
      },
      refused: (message, field) => {
        if (field && (FIELDS as readonly string[]).includes(field)) setError(field as FieldName, text(message));
      },
    });
  };

  const field = (name: FieldName, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean }) => (
    <Field id={id(name)} name={name} label={t(`signup.${name}`)} value={values[name]} onValue={onValue(name)} onBlur={onBlur(name)} error={errors[name] ?? null} {...extra} />
  );

  return (
    <form method="post" className="auth-form signup-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      {field('loginId', { autoComplete: 'username', maxLength: 15, required: true })}
      {field('password', { type: 'password', autoComplete: 'new-password', maxLength: 15, required: true })}
      {field('confirmPassword', { type: 'password', autoComplete: 'new-password', maxLength: 15, required: true })}
      {field('nickname', { autoComplete: 'nickname', maxLength: 10, required: true })}
      {field('recommendId', {})}
      {!partner && (
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
      <TermsAgreement idPrefix={idPrefix} value={terms} onChange={setTerms} error={termsError} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending && <Spinner />}
        {t('signup.submit')}
      </button>
    </form>
  );
}
