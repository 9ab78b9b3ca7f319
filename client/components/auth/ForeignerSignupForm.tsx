import { useState, type FocusEvent, type FormEvent } from 'react';
import type { MeDto, SignupRequest } from '../../../src/shared/account-api';
import { LIMITS, M, foreignerRules, personName, termsValue } from '../../../src/shared/account-rules';
import { checkLoginId, checkNickname, checkPartnerCode } from '../../data/account';
import { useT } from '../../i18n/i18n';
import { postToNative } from '../../native/bridge';
import { BirthSelects, NO_BIRTH, birthday, type Birth } from './BirthSelects';
import { Field, FieldError } from './Field';
import { key, serverVerdict, towardsSubmit, type Msg } from './messages';
import { PhoneVerification, type VerifiedPhone } from './PhoneVerification';
import { Spinner } from './Spinner';
import { TermsAgreement } from './TermsAgreement';
import { useSignupForm } from './useSignupForm';

const TEXT_FIELDS = ['id', 'password', 'confirmPassword', 'name', 'nickname', 'recommendId'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type ErrorField = TextField | 'birth' | 'gender' | 'phone' | 'terms';
/** If any of these is empty, all four are checked and the submit stops there. */
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
  const { props, values, setValue, errors, setErrors, setError, terms, setTerms, pending, id, checkOnServer, send } = useSignupForm<TextField, ErrorField>(idPrefix, (recommendId) => ({
    id: '',
    password: '',
    confirmPassword: '',
    name: '',
    nickname: '',
    recommendId,
  }));
  const [birth, setBirth] = useState<Birth>(NO_BIRTH);
  const [gender, setGender] = useState('');
  const [phone, setPhone] = useState<VerifiedPhone | null>(null);
  const [phoneConfirming, setPhoneConfirming] = useState(false);

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
    // The ID must come back 'ok'; a nickname is refused only on 'overlap'.
    if (field === 'id') await checkOnServer(field, value, checkLoginId(value.trim()), (body) => (body?.result !== 'ok' ? key(M.idTaken) : null));
    else await checkOnServer(field, value, checkNickname(value), (body) => (body?.result === 'overlap' ? key(M.nicknameTaken) : null));
  };

  /** Where a new member goes: back to the app that opened the form, the modal's next step, or the site. */
  const signedUp = async ({ loginId, password, recommendId }: SignupRequest, me: MeDto | null) => {
    if (props.appType === 'embedded' && postToNative({ type: 'close', loginId, password, referrer: 'abroad-signup' })) return;
    if (inModal) {
      if (callbackURL) return window.location.assign(callbackURL);
      return onComplete?.(me);
    }
    if (recommendId) {
      const partner = await checkPartnerCode(recommendId);
      if (partner.ok && partner.body?.result === 'ok') return window.location.assign(`/completed/signup/marketing?recommendId=${encodeURIComponent(recommendId)}`);
    }
    window.location.assign('/');
  };

  /** The order problems are shown in: the four core fields, then birthday, name, gender one at a time, then phone and terms. */
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
    if (!phone) return; // firstProblem has asked for it already
    const request: SignupRequest = {
      loginId: values.id.trim(),
      password: values.password,
      nickname: encodeURIComponent(values.nickname), // URL-encoded, as the published contract says (docs/product/accounts.md, "Accounts")
      name: personName(values.name),
      birthday: birthday(birth),
      gender: gender as 'M' | 'F',
      recommendId: values.recommendId || undefined,
      partnerCode: partnerCode ?? undefined,
      device: props.isMobile ? 'MOBILEWEB' : 'PCWEB',
      ...phone,
      isForeigner: true,
      terms: termsValue(terms) as true | 'essential',
    };
    send(request, { signedUp: (me) => void signedUp(request, me) });
  };

  const field = (name: TextField, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean }) => (
    <Field
      id={id(name)}
      name={name}
      label={t(`signup.foreigner.${name}`)}
      value={values[name]}
      onValue={(value) => setValue(name, value)}
      onBlur={onBlur(name)}
      error={errors[name] ?? null}
      {...extra}
    />
  );

  return (
    <form method="post" className="auth-form signup-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
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
        onConfirming={setPhoneConfirming}
      />
      <TermsAgreement idPrefix={idPrefix} value={terms} onChange={setTerms} error={errors.terms ?? null} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending || phoneConfirming}>
        {pending && <Spinner />}
        {t('signup.submit')}
      </button>
    </form>
  );
}
