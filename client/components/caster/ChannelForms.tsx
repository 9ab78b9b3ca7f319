import { useSetAtom } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { OwnChannelSettings, Theme } from '../../../src/shared/streams-api';
import { MAX_VIEWERS_LIMIT } from '../../../src/shared/streams-enums';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { registerChannel, saveChannelSettings, type ChannelForm } from '../../data/watch-api';
import { Spinner } from '../auth/Spinner';
import { failureText } from '../../data/api';

const TITLE_MAX = 40;
const DESCRIPTION_MAX = 500;

/** Title, description and theme: what registration and settings both ask. Ids are fixed per form (no useId: see Modal). */
function ChannelFields({ prefix, form, themes, onChange }: { prefix: string; form: ChannelForm; themes: Theme[]; onChange: (form: ChannelForm) => void }) {
  const t = useT();
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={`${prefix}-title`}>
          {t('caster.channelTitle')}
        </label>
        <input id={`${prefix}-title`} className="input" required maxLength={TITLE_MAX} value={form.title} onChange={(e) => onChange({ ...form, title: e.target.value })} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${prefix}-description`}>
          {t('caster.description')}
        </label>
        <textarea id={`${prefix}-description`} className="input" rows={3} maxLength={DESCRIPTION_MAX} value={form.description} onChange={(e) => onChange({ ...form, description: e.target.value })} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${prefix}-theme`}>
          {t('caster.theme')}
        </label>
        <select id={`${prefix}-theme`} className="input" value={form.themeCode ?? ''} onChange={(e) => onChange({ ...form, themeCode: e.target.value || null })}>
          <option value="">{t('caster.noTheme')}</option>
          {themes.map((theme) => (
            <option key={theme.code} value={theme.code}>
              {theme.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** A form that sends once at a time and shows the API's own message under it when refused. */
function useSubmit(work: () => Promise<{ ok: boolean; status: number; code: string | null; message: string }>, onDone: () => void) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError('');
    const result = await work();
    setSending(false);
    if (!result.ok) return setError(failureText(result, t('errors.network')) ?? '');
    onDone();
  };
  return { sending, error, submit };
}

function FormError({ id, error }: { id: string; error: string }): ReactNode {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** No channel yet: register one (SPEC §7 POST /api/my/chennel-register), then the studio shows its key. */
export function RegisterChannelForm({ themes, nickname }: { themes: Theme[]; nickname: string }) {
  const t = useT();
  const { refresh } = useRouter();
  const [form, setForm] = useState<ChannelForm>({ title: t('caster.defaultTitle', { nickname }), description: '', themeCode: null });
  const { sending, error, submit } = useSubmit(
    () => registerChannel({ ...form, title: form.title.trim() }),
    () => void refresh(),
  );
  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="register-heading" aria-describedby={error ? 'register-error' : undefined}>
      <h2 id="register-heading">{t('caster.register')}</h2>
      <p className="muted">{t('caster.registerHelp')}</p>
      <ChannelFields prefix="register" form={form} themes={themes} onChange={setForm} />
      <FormError id="register-error" error={error} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('caster.registerSubmit')}
      </button>
    </form>
  );
}

/** The channel's settings: title, description, theme, adult-only, the live password and the seats of a live. */
export function ChannelSettingsForm({ settings, themes }: { settings: OwnChannelSettings; themes: Theme[] }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [form, setForm] = useState<ChannelForm>({ title: settings.title, description: settings.description, themeCode: settings.themeCode });
  const [adult, setAdult] = useState(settings.adult);
  const [hasPassword, setHasPassword] = useState(settings.hasPassword);
  const [locked, setLocked] = useState(settings.hasPassword);
  const [password, setPassword] = useState('');
  const [seats, setSeats] = useState(settings.maxViewers === null ? '' : String(settings.maxViewers));
  // Unchecked clears the password; checked with an empty field keeps the one already set.
  const passwordChange = !locked ? (hasPassword ? null : undefined) : password || undefined;
  const { sending, error, submit } = useSubmit(
    () => {
      // Empty: no limit; otherwise a whole number from 1 to MAX_VIEWERS_LIMIT.
      const maxViewers = seats.trim() === '' ? null : Number(seats);
      if (maxViewers !== null && !(Number.isInteger(maxViewers) && maxViewers >= 1 && maxViewers <= MAX_VIEWERS_LIMIT)) {
        return Promise.resolve({ ok: false, status: 400, code: 'BAD_REQUEST', message: t('caster.maxViewersRule', { max: MAX_VIEWERS_LIMIT }) });
      }
      return saveChannelSettings({ ...form, title: form.title.trim(), adult, maxViewers, ...(passwordChange !== undefined ? { password: passwordChange } : {}) });
    },
    () => {
      setHasPassword(locked && (hasPassword || !!password));
      setPassword('');
      pushToast({ key: 'caster.saved' });
    },
  );
  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="settings-heading" aria-describedby={error ? 'settings-error' : undefined}>
      <h2 id="settings-heading">{t('caster.settings')}</h2>
      <ChannelFields prefix="settings" form={form} themes={themes} onChange={setForm} />
      <label className="check">
        <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
        {t('caster.adult')}
      </label>
      <label className="check">
        <input type="checkbox" checked={locked} onChange={(e) => setLocked(e.target.checked)} />
        {t('caster.passwordProtect')}
      </label>
      {locked && (
        <div className="field">
          <label className="field-label" htmlFor="settings-password">
            {hasPassword ? t('caster.newPassword') : t('caster.password')}
          </label>
          <input
            id="settings-password"
            className="input"
            type="password"
            autoComplete="new-password"
            minLength={4}
            maxLength={32}
            required={!hasPassword}
            value={password}
            onChange={(e) => setPassword(e.target.value.replace(/\s/g, ''))}
            aria-describedby="settings-password-help"
          />
          <p id="settings-password-help" className="muted">
            {hasPassword ? t('caster.passwordKeep') : t('caster.passwordRule')}
          </p>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="settings-seats">
          {t('caster.maxViewers')}
        </label>
        <input
          id="settings-seats"
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_VIEWERS_LIMIT}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          aria-describedby="settings-seats-help"
        />
        <p id="settings-seats-help" className="muted">
          {t('caster.maxViewersHelp')}
        </p>
      </div>
      <FormError id="settings-error" error={error} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('caster.save')}
      </button>
    </form>
  );
}
