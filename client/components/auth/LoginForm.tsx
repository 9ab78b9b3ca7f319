import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { M } from '../../../src/shared/account-rules';
import { EXPIRE_PATH, MS } from '../../../src/shared/constants';
import { socialStartPath, type SocialProvider } from '../../../src/shared/social';
import { useRouter } from '../../app/router-context';
import { signin } from '../../data/account';
import { type FailureWords, type Outcome, useFailureNotice } from '../../data/use-mutation';
import { useT, type Translate } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { Modal } from '../modals/Modal';
import { Field } from './Field';
import { Spinner } from './Spinner';
import { formatDateTime } from '../../lib/format-detail';

export { SOCIAL_PROVIDERS, type SocialProvider } from '../../../src/shared/social';

interface LoginFormProps {
  /** Prefix of element ids: the form can be on the page and in the login modal at once. */
  idPrefix: string;
  /** Where to go after login; the current page when null. */
  callbackURL: string | null;
  savedLoginId?: string | null;
  /** Providers the channel settings enable (isSnsLogin*); none until those settings reach the page. */
  socialProviders?: readonly SocialProvider[];
}

/** A refused sign-in in the person's words: 401 wrong ID or password, 423 blocked or suspended, 429 too many tries. */
function loginWords(result: Awaited<ReturnType<typeof signin>>, status: number, t: Translate, locale: string): FailureWords<Outcome> {
  const fallback = status === 401 ? M.loginFailed : status === 429 ? M.tooManyAttempts : M.unknownError;
  if (status !== 423) return { fallback };
  // A suspension says when it ends, after the blocked-account message.
  const until = !result.ok && result.body && 'until' in result.body ? result.body.until : undefined;
  return { fallback, explain: () => (until ? `${t(M.accountBlocked)} ${t('auth.errors.suspendedUntil', { date: formatDateTime(until, locale) })}` : t(M.accountBlocked)) };
}

export function LoginForm({ idPrefix, callbackURL, savedLoginId = null, socialProviders = [] }: LoginFormProps) {
  const t = useT();
  const { props } = useRouter();
  const setAlert = useSetAtom(alertMessageAtom);
  const notice = useFailureNotice();
  const [loginId, setLoginId] = useState(savedLoginId ?? '');
  const [password, setPassword] = useState('');
  const [loginKeep, setLoginKeep] = useState(false);
  const [saveId, setSaveId] = useState(!!savedLoginId);
  const [sending, setSending] = useState(false);
  const [event, setEvent] = useState<{ title: string; body: string } | null>(null);
  // A ref, not state: a second Enter in the same tick must see the first submit.
  const inFlight = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const redirect = () => {
    const target = callbackURL ?? window.location.pathname + window.location.search;
    redirectTimer.current = setTimeout(() => window.location.assign(target), MS.redirectAfterLogin);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    if (!loginId.trim()) return setAlert(t(M.idRequired));
    if (!password) return setAlert(t(M.passwordRequired));
    inFlight.current = true;
    setSending(true);
    const result = await signin({ loginId: loginId.trim(), password, loginKeep, saveId, device: props.isMobile ? 'MOBILEWEB' : 'PCWEB' });
    // Older API answers carry the outcome in the body's status rather than the HTTP status.
    const status = typeof result.body?.status === 'number' ? result.body.status : result.status;
    if (result.ok && status === 200) {
      // Stay "sending" until the page goes: no second login in between.
      if (result.body?.event) setEvent(result.body.event);
      else redirect();
      return;
    }
    if (status === 403 && result.body?.msg === 'EXPIRED') {
      // A dormant account goes to the expiry flow (AGREEMENT, IDENTIFICATION, COMPLETE).
      window.location.assign(`${EXPIRE_PATH}?loginId=${encodeURIComponent(loginId.trim())}`);
      return;
    }
    inFlight.current = false;
    setSending(false);
    // Older answers carry the refusal's status in the body: the words go by it, as a refusal of that status.
    notice({ ok: false, status, code: result.code, message: result.message }, loginWords(result, status, t, props.locale));
  };

  const providers = socialProviders;
  // To the provider through our /callback/<provider>/start, coming back to where login would have gone.
  const onSocial = (provider: SocialProvider) => window.location.assign(socialStartPath(provider, callbackURL ?? window.location.pathname + window.location.search));
  return (
    <>
      <form method="post" className="auth-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
        <Field id={`${idPrefix}-loginId`} name="loginId" label={t('login.id')} value={loginId} onValue={setLoginId} error={null} autoComplete="username" autoCapitalize="none" />
        <Field id={`${idPrefix}-password`} name="password" type="password" label={t('login.password')} value={password} onValue={setPassword} error={null} autoComplete="current-password" />
        <div className="check-row">
          <label className="check">
            <input type="checkbox" name="loginKeep" checked={loginKeep} onChange={(e) => setLoginKeep(e.target.checked)} />
            {t('login.keep')}
          </label>
          <label className="check">
            <input type="checkbox" name="saveId" checked={saveId} onChange={(e) => setSaveId(e.target.checked)} />
            {t('login.saveId')}
          </label>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending && <Spinner />}
          {t('login.submit')}
        </button>
        <a className="link" href="/member/find/findId">
          {t('login.findIdPassword')}
        </a>
        {providers.length > 0 && (
          <ul className="social-list" aria-label={t('login.socialTitle')}>
            {providers.map((provider) => (
              <li key={provider}>
                <button type="button" className={`btn btn-block social-${provider}`} onClick={() => onSocial(provider)}>
                  {t(`login.social.${provider}`)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
      <Modal
        id={`${idPrefix}-event`}
        open={!!event}
        title={event?.title ?? ''}
        onCancel={() => {
          setEvent(null);
          redirect();
        }}
      >
        <p className="modal-text">{event?.body}</p>
        <div className="modal-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-autofocus
            onClick={() => {
              setEvent(null);
              redirect();
            }}
          >
            {t('common.confirm')}
          </button>
        </div>
      </Modal>
    </>
  );
}
