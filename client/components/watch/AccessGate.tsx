import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { Me } from '../../../src/shared/page-props';
import type { Playback, PlaybackAccess } from '../../../src/shared/streams-api';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { confirmIdentity, liveAuth } from '../../data/watch-api';
import { useIdentityPopup } from '../auth/useIdentityPopup';
import { Spinner } from '../auth/Spinner';
import { useFailureWords } from '../../data/use-mutation';
import { useFailureNotice } from '../../data/use-mutation';
import { GUEST_AUTH_PATH } from '../../../src/shared/constants';

interface GateProps {
  access: Exclude<PlaybackAccess, 'ok'>;
  channelId: number;
  /** A recording's password gate (it keeps its live's password); absent: the channel's open live. */
  streamId?: number;
  me: Me | null;
  /** The password was right: play this. */
  onUnlocked: (playback: Playback) => void;
}

/** Adult-only needs a verified identity (and an adult); a protected live asks for its password; a full one, a pass. */
export function AccessGate({ access, channelId, streamId, me, onUnlocked }: GateProps) {
  const t = useT();
  return (
    <section className="access-gate" aria-label={t('channel.restricted')}>
      {access === 'identity' && <IdentityGate me={me} />}
      {access === 'adult' && <p className="gate-message">{t('channel.adultOnly')}</p>}
      {access === 'unavailable' && <p className="gate-message">{t('channel.unavailable')}</p>}
      {access === 'password' && <PasswordGate channelId={channelId} streamId={streamId} me={me} onUnlocked={onUnlocked} />}
      {access === 'full' && <FullGate />}
    </section>
  );
}

/** Every seat is taken: a full-room pass (items 420-422, used on the wallet page) gets the viewer in. */
function FullGate() {
  const t = useT();
  const { refresh } = useRouter();
  return (
    <>
      <p className="gate-message">{t('channel.full')}</p>
      <div className="gate-actions">
        <a className="btn btn-primary" href="/luv">
          {t('channel.fullPass')}
        </a>
        <button type="button" className="btn" onClick={() => void refresh()}>
          {t('channel.fullRetry')}
        </button>
      </div>
    </>
  );
}

function IdentityGate({ me }: { me: Me | null }) {
  const t = useT();
  const { refresh, props } = useRouter();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const notice = useFailureNotice();
  const { verify, busy } = useIdentityPopup();
  const [saving, setSaving] = useState(false);
  const onVerify = async () => {
    // A member verifies their account; a guest signs in (or up) first, or verifies as a guest (the link below).
    if (!me) return showMembersOnly(true);
    const authKey = await verify({ kind: 'personal' });
    if (!authKey) return;
    setSaving(true);
    const done = await confirmIdentity(authKey);
    setSaving(false);
    if (!done.ok) return notice(done, { fallback: 'errors.network' });
    await refresh(); // the page's data again, now as a verified viewer
  };
  return (
    <>
      <p className="gate-message">{t('channel.identityRequired')}</p>
      <div className="gate-actions">
        <button type="button" className="btn btn-primary" onClick={onVerify} disabled={busy || saving}>
          {(busy || saving) && <Spinner />}
          {t('channel.verify')}
        </button>
        {!me && (
          <a className="btn" href={`${GUEST_AUTH_PATH}?callbackURL=${encodeURIComponent(props.path)}`}>
            {t('guestAuth.gateLink')}
          </a>
        )}
      </div>
    </>
  );
}

function PasswordGate({ channelId, streamId, me, onUnlocked }: Omit<GateProps, 'access'>) {
  const t = useT();
  const words = useFailureWords();
  const id = 'live-password'; // not useId: the server renders from <html>, the client hydrates #root
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!password) return setError(t('channel.passwordEmpty'));
    setSending(true);
    const result = await liveAuth(channelId, me?.loginId ?? null, password, streamId);
    setSending(false);
    if (result.ok && result.body) return onUnlocked(result.body.playback);
    // The API's own words, in the viewer's language (wrong password, too many tries...).
    setError(words(result, { fallback: 'errors.network' }) ?? '');
  };
  return (
    <form method="post" className="password-gate" onSubmit={submit} noValidate>
      <p className="gate-message">{t('channel.passwordRequired')}</p>
      <label htmlFor={`${id}-pw`} className="field-label">
        {t('channel.password')}
      </label>
      <div className="field-row">
        <input
          id={`${id}-pw`}
          className="input"
          type="password"
          autoComplete="off"
          maxLength={64}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending && <Spinner />}
          {t('channel.enter')}
        </button>
      </div>
      {error && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
