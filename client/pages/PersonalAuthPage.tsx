import { useEffect, useState, type FormEvent } from 'react';
import { M, foreignerRules, stripSpaces } from '../../src/shared/account-rules';
import type { PageProps } from '../../src/shared/page-props';
import { completeDevIdentity } from '../data/account';
import { useFailureNotice } from '../data/use-mutation';
import { useT } from '../i18n/i18n';
import { Field, FieldError } from '../components/auth/Field';
import { key, type Msg } from '../components/auth/messages';

type Form = { name: string; birthday: string; gender: string; phone: string };
const EMPTY: Form = { name: '', birthday: '', gender: '', phone: '' };

function check(form: Form): Record<keyof Form, Msg> {
  return {
    name: key(foreignerRules.name(form.name)),
    birthday: key(foreignerRules.birthday(form.birthday)),
    gender: key(foreignerRules.gender(form.gender)),
    phone: key(form.phone ? null : M.phoneRequired),
  };
}

/** Hand the authKey to the window that opened the popup and close; false when there is none to hand it to. */
function handToOpener(authKey: string): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage({ type: 'personal-auth', authKey }, window.location.origin);
  window.close();
  return true;
}

/**
 * /callback/nice: NICE's answer, checked by the API. A verified one goes to the opener at once; a refused
 * one says why, in the person's language.
 */
function ProviderResult({ authKey, failure }: { authKey: string | null; failure: string | null }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (authKey && !handToOpener(authKey)) setShown(true);
  }, [authKey]);
  return (
    <section className="auth-page" aria-labelledby="identity-title">
      <h1 id="identity-title">{t('identity.title')}</h1>
      {failure ? (
        <p role="alert">{failure}</p>
      ) : (
        <div role="status" className="find-result">
          <p>{t('identity.nice.done')}</p>
          {shown && authKey ? (
            <>
              <p>{t('identity.noOpener')}</p>
              <p>
                {t('identity.authKey')}: <code>{authKey}</code>
              </p>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * /my/personal-auth: the development identity provider, opened as a 400x600 popup. It hands the
 * authKey to the opener and closes; opened on its own it shows the key instead. At /callback/nice the
 * same page shows NICE's checked answer.
 */
export function PersonalAuthPage({ props }: { props: PageProps<'PERSONAL_AUTH'> }) {
  const data = props.data;
  if ('authKey' in data) return <ProviderResult authKey={data.authKey} failure={null} />;
  if ('failure' in data) return <ProviderResult authKey={null} failure={data.failure} />;
  return <DevIdentityForm session={data.session} />;
}

function DevIdentityForm({ session }: { session: string }) {
  const t = useT();
  const notice = useFailureNotice();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<keyof Form, Msg>>({ name: null, birthday: null, gender: null, phone: null });
  const [sending, setSending] = useState(false);
  const [authKey, setAuthKey] = useState<string | null>(null);
  const set = (field: keyof Form) => (value: string) => setForm((all) => ({ ...all, [field]: field === 'phone' ? value.replace(/\D/g, '') : stripSpaces(value) }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next = check(form);
    setErrors(next);
    if (Object.values(next).some(Boolean) || sending) return;
    setSending(true);
    const result = await completeDevIdentity({ session, name: form.name, birthday: form.birthday, gender: form.gender as 'M' | 'F', phone: form.phone });
    setSending(false);
    if (!result.ok || !result.body?.authKey) return notice({ ...result, ok: false }, { fallback: 'auth.errors.unknown' });
    handToOpener(result.body.authKey);
    // Still here: no opener, or the browser kept the window open.
    setAuthKey(result.body.authKey);
  };

  return (
    <section className="auth-page" aria-labelledby="identity-title">
      <h1 id="identity-title">{t('identity.title')}</h1>
      <p>{t('identity.devIntro')}</p>
      {authKey ? (
        <div role="status" className="find-result">
          <p>{t('identity.noOpener')}</p>
          <p>
            {t('identity.authKey')}: <code>{authKey}</code>
          </p>
        </div>
      ) : (
        <form method="post" className="auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
          <Field id="identity-name" name="name" label={t('identity.name')} value={form.name} onValue={set('name')} error={errors.name} autoComplete="name" />
          <Field id="identity-birthday" name="birthday" type="date" label={t('identity.birthday')} value={form.birthday} onValue={set('birthday')} error={errors.birthday} autoComplete="bday" />
          <fieldset className="field gender" aria-describedby={errors.gender ? 'identity-gender-error' : undefined}>
            <legend className="field-label">{t('identity.gender')}</legend>
            <div className="field-row">
              {(['M', 'F'] as const).map((g) => (
                <label key={g} className="check">
                  <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set('gender')(g)} />
                  {t(g === 'M' ? 'signup.male' : 'signup.female')}
                </label>
              ))}
            </div>
            <FieldError id="identity-gender-error" error={errors.gender} />
          </fieldset>
          <Field id="identity-phone" name="phone" label={t('identity.phone')} value={form.phone} onValue={set('phone')} error={errors.phone} inputMode="numeric" autoComplete="tel" />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
            {t('identity.complete')}
          </button>
        </form>
      )}
    </section>
  );
}
