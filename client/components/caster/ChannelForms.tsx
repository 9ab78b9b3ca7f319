import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { OwnChannelSettings, Theme } from '../../../src/shared/streams-api';
import { MAX_VIEWERS_LIMIT } from '../../../src/shared/streams-enums';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { passwordSetting, registerChannel, saveChannelSettings, type ChannelForm } from '../../data/watch-api';
import { Spinner } from '../auth/Spinner';
import { type Outcome, useMutation } from '../../data/use-mutation';
import { FormStatus } from '../ui/small-form';
import { studioSectionPath } from './studio-sections';

const TITLE_MAX = 40;
const DESCRIPTION_MAX = 500;

/** The theme select, in registration and in the live settings. Ids are fixed per form (no useId: see Modal). */
function ThemeField({ id, value, themes, onChange }: { id: string; value: string | null; themes: Theme[]; onChange: (themeCode: string | null) => void }) {
  const t = useT();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('caster.theme')}
      </label>
      <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('caster.noTheme')}</option>
        {themes.map((theme) => (
          <option key={theme.code} value={theme.code}>
            {theme.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form that sends once at a time and shows the API's own message under it when refused. */
function useSubmit(work: () => Promise<Outcome>, onDone: () => void) {
  const save = useMutation(work, { fallback: 'errors.network', show: 'form' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.run();
    if (result?.ok) onDone();
  };
  return { sending: save.pending, error: save.failure, submit };
}

/**
 * No channel yet: register one (POST /api/my/chennel-register), then the studio shows its key. The name
 * and description are the ones the channel section edits later, under the same labels.
 */
export function RegisterChannelForm({ themes, nickname }: { themes: Theme[]; nickname: string }) {
  const t = useT();
  const { navigate } = useRouter();
  const [form, setForm] = useState<ChannelForm>({ title: t('caster.defaultTitle', { nickname }), description: '', themeCode: null });
  const { sending, error, submit } = useSubmit(
    () => registerChannel({ ...form, title: form.title.trim() }),
    // What a new channel needs next is its stream key: the live section.
    () => void navigate(studioSectionPath('live'), { replace: true }),
  );
  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="register-heading" aria-describedby={error ? 'register-error' : undefined}>
      <h2 id="register-heading">{t('caster.register')}</h2>
      <p className="muted">{t('caster.registerHelp')}</p>
      <div className="field">
        <label className="field-label" htmlFor="register-title">
          {t('channelProfile.name')}
        </label>
        <input
          id="register-title"
          className="input"
          required
          maxLength={TITLE_MAX}
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          aria-describedby="register-title-help"
        />
        <p id="register-title-help" className="muted">
          {t('caster.studio.nameHelp')}
        </p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="register-description">
          {t('channelProfile.description')}
        </label>
        <textarea id="register-description" className="input" rows={3} maxLength={DESCRIPTION_MAX} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </div>
      <ThemeField id="register-theme" value={form.themeCode} themes={themes} onChange={(themeCode) => setForm({ ...form, themeCode })} />
      <FormStatus id="register-error" failure={error} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('caster.registerSubmit')}
      </button>
    </form>
  );
}

/**
 * The live settings: theme, adult-only and adult-plus, the live password and the seats of a live (PUT /api/my/channel/settings).
 * The name and description are the channel section's (the profile form): not sent, so the API keeps them.
 */
export function LiveSettingsForm({ settings, themes }: { settings: OwnChannelSettings; themes: Theme[] }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [themeCode, setThemeCode] = useState(settings.themeCode);
  const [adult, setAdult] = useState(settings.adult);
  const [adultPlus, setAdultPlus] = useState(settings.adultPlus);
  // Adult-plus implies adult: turning it on turns adult on, turning adult off turns it off.
  const changeAdult = (on: boolean) => {
    setAdult(on);
    if (!on) setAdultPlus(false);
  };
  const changeAdultPlus = (on: boolean) => {
    setAdultPlus(on);
    if (on) setAdult(true);
  };
  // With the operators' switch off it cannot be turned on; a channel that has it on may still turn it off.
  const adultPlusLocked = !settings.adultPlusBroadcast && !settings.adultPlus;
  const [hasPassword, setHasPassword] = useState(settings.hasPassword);
  const [locked, setLocked] = useState(settings.hasPassword);
  const [password, setPassword] = useState('');
  const [seats, setSeats] = useState(settings.maxViewers === null ? '' : String(settings.maxViewers));
  const { sending, error, submit } = useSubmit(
    () => {
      // Empty: no limit; otherwise a whole number from 1 to MAX_VIEWERS_LIMIT.
      const maxViewers = seats.trim() === '' ? null : Number(seats);
      if (maxViewers !== null && !(Number.isInteger(maxViewers) && maxViewers >= 1 && maxViewers <= MAX_VIEWERS_LIMIT)) {
        return Promise.resolve({ ok: false, status: 400, code: 'BAD_REQUEST', message: t('caster.maxViewersRule', { max: MAX_VIEWERS_LIMIT }) });
      }
      return saveChannelSettings({ themeCode, adult, adultPlus, maxViewers, ...passwordSetting(locked, hasPassword, password) });
    },
    () => {
      setHasPassword(locked && (hasPassword || !!password));
      setPassword('');
      pushToast({ key: 'caster.saved' });
    },
  );
  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="settings-heading" aria-describedby={error ? 'settings-error' : undefined}>
      <h2 id="settings-heading">{t('caster.studio.liveSettings')}</h2>
      <ThemeField id="settings-theme" value={themeCode} themes={themes} onChange={setThemeCode} />
      <label className="check">
        <input type="checkbox" checked={adult} onChange={(e) => changeAdult(e.target.checked)} />
        {t('caster.adult')}
      </label>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={adultPlus}
            disabled={adultPlusLocked}
            onChange={(e) => changeAdultPlus(e.target.checked)}
            aria-describedby={settings.adultPlusBroadcast ? 'settings-adult-plus-help' : 'settings-adult-plus-help settings-adult-plus-off'}
          />
          {t('caster.adultPlus')}
        </label>
        <p id="settings-adult-plus-help" className="muted">
          {t('caster.adultPlusHelp')}
        </p>
        {!settings.adultPlusBroadcast && (
          <p id="settings-adult-plus-off" className="muted">
            {t('caster.adultPlusOff')}
          </p>
        )}
      </div>
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
      <FormStatus id="settings-error" failure={error} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('caster.save')}
      </button>
    </form>
  );
}
