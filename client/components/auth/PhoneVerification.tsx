import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { M } from '../../../src/shared/account-rules';
import { useRouter } from '../../app/router-context';
import { confirmPhoneCode, sendPhoneCode } from '../../data/account';
import type { CountryOption } from '../../data/countries';
import { useFailureNotice, useFailureWords } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { CaptchaDialog } from './CaptchaDialog';
import { PHONE_RESEND_LOCK_MS } from './constants';
import { Field, FieldError } from './Field';
import { key, text, type Msg } from './messages';
import { VerifiedMark } from './VerifiedMark';
import { ActionButton } from '../ui/ActionButton';

export interface VerifiedPhone {
  countryCode: string;
  phone: string;
  phoneVerificationToken: string;
}

const digits = (value: string) => value.replace(/\D/g, '');

interface PhoneVerificationProps {
  idPrefix: string;
  onVerified: (phone: VerifiedPhone) => void;
  /** From the form's submit: the phone is not verified yet. */
  error: Msg;
  /** While a code's confirmation is under way: the form holds its submit (it would say "not verified" a moment early). */
  onConfirming?: (confirming: boolean) => void;
}

/** Country code, number, captcha, code sent (then 60 s lockout), code confirmed. */
export function PhoneVerification({ idPrefix, onVerified, error, onConfirming }: PhoneVerificationProps) {
  const t = useT();
  const { props } = useRouter();
  const notice = useFailureNotice();
  const words = useFailureWords();
  const pushToast = useSetAtom(pushToastAtom);
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [region, setRegion] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<Msg>(null);
  const [codeError, setCodeError] = useState<Msg>(null);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const lockedUntil = useRef(0);
  const id = (part: string) => `${idPrefix}-${part}`;
  const callingCode = countries.find((c) => c.region === region)?.phoneCode ?? '';

  useEffect(() => {
    let live = true;
    // The phone metadata is large: it loads with this form, never with the home page.
    import('../../data/countries').then(({ countryOptions }) => live && setCountries(countryOptions(props.locale))).catch(() => live && setPhoneError(key('signup.countriesFailed')));
    return () => {
      live = false;
    };
  }, [props.locale]);

  const onSend = () => {
    if (!callingCode || !phone) return setPhoneError(key(M.phoneRequired));
    if (Date.now() < lockedUntil.current) return setPhoneError(key(M.phoneTooSoon));
    setPhoneError(null);
    setCaptchaOpen(true);
  };

  const onCaptcha = async (captchaToken: string) => {
    setCaptchaOpen(false);
    setBusy(true);
    const result = await sendPhoneCode({ countryCode: callingCode, phone, captchaToken });
    setBusy(false);
    if (!result.ok) return notice(result, { fallback: 'auth.errors.unknown' });
    lockedUntil.current = Date.now() + PHONE_RESEND_LOCK_MS;
    pushToast({ key: M.phoneCodeSent });
  };

  const onConfirm = async () => {
    if (!callingCode || !phone) return setPhoneError(key(M.phoneRequired));
    if (!code) return setCodeError(key(M.phoneCodeWrong));
    setBusy(true);
    onConfirming?.(true);
    const result = await confirmPhoneCode({ countryCode: callingCode, phone, code });
    setBusy(false);
    onConfirming?.(false);
    const token = result.body?.phoneVerificationToken;
    if (!result.ok || !token) {
      // An answer without a token is a refusal too.
      const said = words({ ...result, ok: false }, { fallback: M.phoneCodeWrong });
      return setCodeError(said === null ? null : text(said));
    }
    setCodeError(null);
    setVerified(true);
    onVerified({ countryCode: callingCode, phone, phoneVerificationToken: token });
  };

  return (
    <fieldset className="field phone" aria-describedby={error ? id('phone-verify-error') : undefined}>
      <legend className="field-label">{t('signup.phoneTitle')}</legend>
      <label htmlFor={id('countryCode')} className="field-label field-label-sub">
        {t('signup.countryCode')}
      </label>
      <select id={id('countryCode')} name="countryCode" className="input" value={region} disabled={verified} onChange={(e) => setRegion(e.target.value)}>
        <option value="">{t('signup.countryPlaceholder')}</option>
        {countries.map((c) => (
          <option key={c.region} value={c.region}>
            {c.label}
          </option>
        ))}
      </select>
      <Field
        id={id('phone')}
        name="phone"
        label={t('signup.phone')}
        value={phone}
        onValue={(v) => setPhone(digits(v))}
        error={phoneError}
        inputMode="numeric"
        autoComplete="tel-national"
        readOnly={verified}
        after={
          <ActionButton className="btn btn-small" disabled={verified || busy} onClick={onSend}>
            {t('signup.sendCode')}
          </ActionButton>
        }
      />
      <Field
        id={id('code')}
        name="code"
        label={t('signup.code')}
        value={code}
        onValue={(v) => setCode(digits(v))}
        error={codeError}
        inputMode="numeric"
        autoComplete="one-time-code"
        readOnly={verified}
        after={
          <>
            <ActionButton className="btn btn-small" disabled={verified || busy} onClick={onConfirm}>
              {t('signup.confirmCode')}
            </ActionButton>
            {verified && <VerifiedMark />}
          </>
        }
      />
      <FieldError id={id('phone-verify-error')} error={error} />
      <CaptchaDialog id={id('captcha')} open={captchaOpen} onCancel={() => setCaptchaOpen(false)} onConfirm={(token) => void onCaptcha(token)} />
    </fieldset>
  );
}
