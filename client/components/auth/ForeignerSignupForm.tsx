import { useSetAtom } from 'jotai';
import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type { MeDto } from '../../../src/shared/account-api';
import { LIMITS, M, foreignerRules, stripSpaces, termsValue } from '../../../src/shared/account-rules';
import { useRouter } from '../../app/router-context';
import { checkLoginId, checkNickname, checkPartnerCode, failureText, signup } from '../../data/account';
import { useT } from '../../i18n/i18n';
import { postToNative } from '../../native/bridge';
import { alertMessageAtom } from '../../state/ui';
import { BirthSelects, NO_BIRTH, birthday, type Birth } from './BirthSelects';
import { SIGNUP_DEBOUNCE_MS } from './constants';
import { Field, FieldError } from './Field';
import { key, serverVerdict, text, towardsSubmit, type Msg } from './messages';
import { PhoneVerification, type VerifiedPhone } from './PhoneVerification';
import { Spinner } from './Spinner';
import { NO_TERMS, TermsAgreement, type TermsState } from './TermsAgreement';
import { useDebounced } from './useDebounced';

const TEXT_FIELDS = ['id', 'password', 'confirmPassword', 'name', 'nickname', 'recommendId'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type ErrorField = TextField | 'birth' | 'gender' | 'phone' | 'terms';
/** SPEC §4: if any of these is empty, all four are checked and the submit stops there. */
const CORE = ['id', 'password', 'confirmPassword', 'nickname'] as const;

interface ForeignerSignupFormProps {
  idPrefix: string;
  inModal?: boolean;
  callbackURL: string | null;
  partnerCode?: string | null;
  onComplete?: (me: MeDto | null) => void;
}

export function ForeignerSignupForm({ idPrefix, inModal = false, callbackURL, partnerCode = null, onComplete }: ForeignerSignupFormProps) {
  const t = useT();
  const { props } = useRouter();
  const setAlert = useSetAtom(alertMessageAtom);
  const [values, setValues] = useState<Record<TextField, string>>(() => ({ id: '', password: '', confirmPassword: '', name: '', nickname: '', recommendId: props.query.rId ?? props.query.recommendId ?? '' }));
  const [birth, setBirth] = useState<Birth>(NO_BIRTH);
  const [gender, setGender] = useState('');
  const [phone, setPhone] = useState<VerifiedPhone | null>(null);
  const [terms, setTerms] = useState<TermsState>(NO_TERMS);
  const [errors, setErrors] = useState<Partial<Record<ErrorField, Msg>>>({});
  const [pending, setPending] = useState(false);
  const current = useRef(values);
  current.current = values;
  const inFlight = useRef(false);
  const id = (field: string) => `${idPrefix}-${field}`;
  const setError = (field: ErrorField, msg: Msg) => setErrors((all) => ({ ...all, [field]: msg }));

  const rule = (field: TextField): string | null => {
    if (field === 'confirmPassword') return foreignerRules.confirmPassword(values.confirmPassword, values.password);
    if (field === 'recommendId') return null;
    return foreignerRules[field](values[field]);
  };

  const onBlur = (field: TextField) => async (event: FocusEvent) => {
    if (towardsSubmit(event)) return;
    const broken = rule(field);
    if (broken || (field !== 'id' && field !== 'nickname')) return setError(field, key(broken));
    const value = values[field];
    const result = await (field === 'id' ? checkLoginId(value.trim()) : checkNickname(value));
    let msg: Msg = null;
    if (!result.ok) msg = text(failureText(result, t));
    // The ID must come back 'ok'; a nickname is refused only on 'overlap' (SPEC §5).
    else if (field === 'id' ? result.body?.result !== 'ok' : result.body?.result === 'overlap') msg = key(field === 'id' ? M.idTaken : M.nicknameTaken);
    if (current.current[field] === value) setError(field, msg);
  };

  const send = useDebounced(async (agreed: true | 'essential') => {
    if (inFlight.current || !phone) return;
    inFlight.current = true;
    const v = current.current;
    const result = await signup({
      loginId: v.id.trim(),
      password: v.password,
      nickname: encodeURIComponent(v.nickname), // SPEC §3: URL-encoded in the foreigner flow
      name: v.name,
      birthday: birthday(birth),
      gender: gender as 'M' | 'F',
      recommendId: v.recommendId || undefined,
      partnerCode: partnerCode ?? undefined,
      device: props.isMobile ? 'MOBILEWEB' : 'PCWEB',
      ...phone,
      isForeigner: true,
      terms: agreed,
    });
    if (!result.ok) {
      inFlight.current = false;
      setPending(false);
      return setAlert(result.body?.data?.error ?? failureText(result, t));
    }
    if (props.appType === 'embedded' && postToNative({ type: 'close', loginId: v.id.trim(), password: v.password, referrer: 'abroad-signup' })) return;
    if (inModal) {
      if (callbackURL) return window.location.assign(callbackURL);
      return onComplete?.(result.body?.data?.me ?? null);
    }
    if (v.recommendId) {
      const partner = await checkPartnerCode(v.recommendId);
      if (partner.ok && partner.body?.result === 'ok') return window.location.assign(`/completed/signup/marketing?recommendId=${encodeURIComponent(v.recommendId)}`);
    }
    window.location.assign('/');
  }, SIGNUP_DEBOUNCE_MS);

  /** SPEC §4 order: the four core fields, then birthday, name, gender one at a time, then phone and terms. */
  const firstProblem = (): [ErrorField, Msg, Partial<Record<ErrorField, Msg>>] | null => {
    const core: Partial<Record<ErrorField, Msg>> = {};
    for (const field of CORE) core[field] = key(rule(field)) ?? serverVerdict(errors[field]);
    const coreField = CORE.find((field) => core[field]);
    if (coreField) return [coreField, core[coreField]!, core];
    const checks: [ErrorField, string | null][] = [
      ['birth', foreignerRules.birthday(birthday(birth))],
      ['name', foreignerRules.name(values.name)],
      ['gender', foreignerRules.gender(gender)],
      ['phone', phone ? null : M.phoneNotVerified],
      ['terms', termsValue(terms) ? null : M.termsRequired],
    ];
    const failed = checks.find(([, message]) => message);
    return failed ? [failed[0], key(failed[1]), core] : null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem();
    if (problem) {
      const [field, msg, core] = problem;
      setErrors((all) => ({ ...all, ...core, [field]: msg }));
      const focusIds: Partial<Record<ErrorField, string>> = { birth: id('birth-year'), gender: id('gender-M'), phone: id('countryCode'), terms: id('terms-error') };
      document.getElementById(focusIds[field] ?? id(field))?.focus();
      return;
    }
    setPending(true);
    send(termsValue(terms) as true | 'essential');
  };

  const field = (name: TextField, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean }) => (
    <Field
      id={id(name)}
      name={name}
      label={t(`signup.foreigner.${name}`)}
      value={values[name]}
      onValue={(value) => {
        setValues((all) => ({ ...all, [name]: stripSpaces(value) }));
        setError(name, null); // the old verdict no longer applies; blur checks again
      }}
      onBlur={onBlur(name)}
      error={errors[name] ?? null}
      {...extra}
    />
  );

  return (
    <form className="auth-form signup-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      {field('id', { autoComplete: 'username', maxLength: LIMITS.loginId.max, required: true })}
      {field('password', { type: 'password', autoComplete: 'new-password', maxLength: LIMITS.password.foreignerInputMax, required: true })}
      {field('confirmPassword', { type: 'password', autoComplete: 'new-password', maxLength: LIMITS.password.foreignerInputMax, required: true })}
      {field('name', { autoComplete: 'name', required: true })}
      {field('nickname', { autoComplete: 'nickname', maxLength: LIMITS.nickname.max, required: true })}
      <BirthSelects idPrefix={idPrefix} value={birth} onChange={setBirth} onBlur={() => setError('birth', key(foreignerRules.birthday(birthday(birth))))} error={errors.birth ?? null} />
      <fieldset
        className="field gender"
        aria-describedby={errors.gender ? id('gender-error') : undefined}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !towardsSubmit(e)) setError('gender', key(foreignerRules.gender(gender)));
        }}
      >
        <legend className="field-label">{t('signup.gender')}</legend>
        <div className="field-row">
          {(['M', 'F'] as const).map((g) => (
            <label key={g} className="check">
              <input type="radio" id={id(`gender-${g}`)} name="gender" value={g} checked={gender === g} onChange={() => setGender(g)} />
              {t(g === 'M' ? 'signup.male' : 'signup.female')}
            </label>
          ))}
        </div>
        <FieldError id={id('gender-error')} error={errors.gender ?? null} />
      </fieldset>
      {field('recommendId', {})}
      <PhoneVerification
        idPrefix={idPrefix}
        error={errors.phone ?? null}
        onVerified={(verified) => {
          setPhone(verified);
          setError('phone', null);
        }}
      />
      <TermsAgreement idPrefix={idPrefix} value={terms} onChange={setTerms} error={errors.terms ?? null} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending && <Spinner />}
        {t('signup.submit')}
      </button>
    </form>
  );
}
