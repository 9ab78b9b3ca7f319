import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type { MeDto } from '../../../src/shared/account-api';
import { M, domesticRules, stripSpaces, termsValue } from '../../../src/shared/account-rules';
import { COOKIE } from '../../../src/shared/constants';
import { useRouter } from '../../app/router-context';
import { checkLoginId, checkNickname, failureText, findRecommender, signup } from '../../data/account';
import { readCookie } from '../../data/cookies';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { SIGNUP_DEBOUNCE_MS } from './constants';
import { Field, FieldError } from './Field';
import { key, serverVerdict, text, towardsSubmit, type Msg } from './messages';
import { Spinner } from './Spinner';
import { NO_TERMS, TermsAgreement, type TermsState } from './TermsAgreement';
import { useDebounced } from './useDebounced';
import { useIdentityPopup } from './useIdentityPopup';
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
  const { props } = useRouter();
  const setAlert = useSetAtom(alertMessageAtom);
  const { verify, busy: verifying } = useIdentityPopup();
  const [values, setValues] = useState<Values>(() => ({ loginId: '', password: '', confirmPassword: '', nickname: '', recommendId: props.query.rId ?? props.query.recommendId ?? '' }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, Msg>>>({});
  const [recommender, setRecommender] = useState<string | null>(null);
  const [authKey, setAuthKey] = useState<string | null>(null);
  const [terms, setTerms] = useState<TermsState>(NO_TERMS);
  const [identityError, setIdentityError] = useState<Msg>(null);
  const [termsError, setTermsError] = useState<Msg>(null);
  const [pending, setPending] = useState(false);
  // The cookie is only readable in the browser; the page passes it from the server when it has it.
  const [cookiePartner, setCookiePartner] = useState<string | null>(null);
  useEffect(() => setCookiePartner(readCookie(COOKIE.partnerCode)), []);
  const partner = partnerCode ?? cookiePartner;
  const current = useRef(values);
  current.current = values;
  const inFlight = useRef(false);

  const id = (field: string) => `${idPrefix}-${field}`;
  const setError = (field: FieldName, msg: Msg) => setErrors((all) => ({ ...all, [field]: msg }));
  const setValue = (field: FieldName) => (value: string) => {
    setValues((all) => ({ ...all, [field]: stripSpaces(value) }));
    // An edited field's old verdict no longer applies; its blur checks it again.
    setError(field, null);
    if (field === 'recommendId') setRecommender(null);
  };

  /** On blur: the rule, then the server's duplicate check; a late answer for an edited value is dropped. */
  const onBlur = (field: FieldName) => async (event: FocusEvent) => {
    if (towardsSubmit(event)) return;
    const value = values[field];
    const rule = syncRule(field, values);
    if (rule || field === 'password' || field === 'confirmPassword') return setError(field, key(rule));
    if (field === 'recommendId' && !value) return setError(field, null);
    let msg: Msg = null;
    if (field === 'loginId' || field === 'nickname') {
      const result = await (field === 'loginId' ? checkLoginId(value) : checkNickname(value));
      if (!result.ok) msg = text(failureText(result, t));
      else if (result.body?.result === 'overlap') msg = key(field === 'loginId' ? M.idTaken : M.nicknameTaken);
    } else {
      const result = await findRecommender(value, values.loginId);
      const found = result.body?.result;
      if (!result.ok) msg = text(failureText(result, t));
      else if (found === 'notfound') msg = key(M.recommenderNotFound);
      else if (found === 'overlap') msg = key(M.recommenderOverlap);
      else if (found) setRecommender(found);
    }
    if (current.current[field] === value) setError(field, msg);
  };

  const send = useDebounced(async (v: Values, terms: true | 'essential') => {
    if (inFlight.current) return;
    inFlight.current = true;
    const result = await signup({
      loginId: v.loginId,
      password: v.password,
      nickname: v.nickname,
      recommendId: recommender ?? (v.recommendId || undefined),
      partnerCode: partner ?? undefined,
      device: props.isMobile ? 'MOBILEWEB' : 'PCWEB',
      authKey: authKey ?? undefined,
      aspCode: props.query.asp_code,
      userkey: props.query.userkey,
      isForeigner: false,
      terms,
    });
    inFlight.current = false;
    setPending(false);
    if (!result.ok) {
      const message = result.body?.data?.error ?? failureText(result, t);
      const field = result.body?.data?.field as FieldName | undefined;
      if (field && FIELDS.includes(field)) setError(field, text(message));
      return setAlert(message);
    }
    if (!inModal) return window.location.assign('/completed/signup' + (callbackURL ? `?callbackURL=${encodeURIComponent(callbackURL)}` : ''));
    if (callbackURL) return window.location.assign(callbackURL);
    onComplete?.(result.body?.data?.me ?? null);
  }, SIGNUP_DEBOUNCE_MS);

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
    setPending(true);
    send(values, agreed);
  };

  const field = (name: FieldName, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean }) => (
    <Field id={id(name)} name={name} label={t(`signup.${name}`)} value={values[name]} onValue={setValue(name)} onBlur={onBlur(name)} error={errors[name] ?? null} {...extra} />
  );

  return (
    <form className="auth-form signup-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
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
