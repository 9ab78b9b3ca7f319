import { useSetAtom } from 'jotai';
import { multipart } from '../../data/multipart';
import { useState, type FormEvent } from 'react';
import type { ChannelLink, ChannelProfile } from '../../../src/shared/channel-schemas';
import { IMAGE_ACCEPT } from '../../../src/shared/uploads';
import { channelProfilePath, saveChannelProfile } from '../../data/channel-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { Spinner } from '../auth/Spinner';
import { useMutation } from '../../data/use-mutation';
import { FormStatus } from '../ui/small-form';
import { useApi } from '../../data/use-api';

const MAX_LINKS = 5;

/**
 * The studio's channel profile section: GET /api/my/channel/profile (the page's loader sends it, so the form is in the
 * first paint and nothing below it moves; not asked again on mount), saved with PUT (multipart).
 */
export function ChannelProfileSection({ initial }: { initial: ChannelProfile | null }) {
  const t = useT();
  const { data, error, mutate } = useApi(channelProfilePath, initial ? { fallbackData: initial, revalidateOnMount: false } : undefined);
  return (
    <section className="section" aria-labelledby="channel-profile-title">
      <h2 id="channel-profile-title">{t('channelProfile.edit')}</h2>
      {error ? (
        <p className="field-error">{error.message}</p>
      ) : !data ? (
        <p role="status">…</p>
      ) : (
        <ProfileForm key={data.channelId} profile={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      )}
    </section>
  );
}

function ImageField({
  id,
  label,
  removeLabel,
  current,
  onFile,
  remove,
  onRemove,
}: {
  id: string;
  label: string;
  /** Names the image, so the two images' checkboxes are told apart. */
  removeLabel: string;
  current: string | null;
  onFile: (file: File | null) => void;
  remove: boolean;
  onRemove: (on: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {current && !remove && <img className="profile-preview" src={current} alt="" />}
      <input id={id} className="input" type="file" accept={IMAGE_ACCEPT} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      {current && (
        <label className="check">
          <input type="checkbox" checked={remove} onChange={(e) => onRemove(e.target.checked)} />
          {removeLabel}
        </label>
      )}
    </div>
  );
}

function ProfileForm({ profile, onSaved }: { profile: ChannelProfile; onSaved: (saved: ChannelProfile) => void }) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const [name, setName] = useState(profile.name);
  const [description, setDescription] = useState(profile.description);
  const [links, setLinks] = useState<ChannelLink[]>(profile.links);
  const [profileImage, setProfileImage] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [removeProfile, setRemoveProfile] = useState(false);
  const [removeBanner, setRemoveBanner] = useState(false);
  const save = useMutation(saveChannelProfile, { fallback: 'errors.network', show: 'form' });
  const sending = save.pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const form = multipart({
      name: name.trim(),
      description,
      links: JSON.stringify(links.filter((l) => l.label.trim() || l.url.trim())),
      profileImage,
      banner,
      removeProfileImage: removeProfile,
      removeBanner,
    });
    const result = await save.run(form);
    if (!result?.ok || !result.body) return;
    pushToast({ key: 'channelProfile.saved' });
    onSaved(result.body);
  };
  const setLink = (i: number, patch: Partial<ChannelLink>) => setLinks(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <form method="post" className="auth-form caster-form" onSubmit={submit} aria-labelledby="channel-profile-title" aria-describedby={save.failure ? 'channel-profile-error' : undefined}>
      <div className="field">
        <label className="field-label" htmlFor="profile-name">
          {t('channelProfile.name')}
        </label>
        <input id="profile-name" className="input" required maxLength={40} value={name} onChange={(e) => setName(e.target.value)} aria-describedby="profile-name-help" />
        <p id="profile-name-help" className="muted">
          {t('caster.studio.nameHelp')}
        </p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="profile-description">
          {t('channelProfile.description')}
        </label>
        <textarea id="profile-description" className="input" rows={3} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <ImageField
        id="profile-image"
        label={t('channelProfile.profileImage')}
        removeLabel={t('caster.studio.removeProfileImage')}
        current={profile.profileImage?.url ?? null}
        onFile={setProfileImage}
        remove={removeProfile}
        onRemove={setRemoveProfile}
      />
      <ImageField
        id="profile-banner"
        label={t('channelProfile.banner')}
        removeLabel={t('caster.studio.removeBanner')}
        current={profile.banner?.url ?? null}
        onFile={setBanner}
        remove={removeBanner}
        onRemove={setRemoveBanner}
      />
      <fieldset className="field">
        <legend className="field-label">{t('channelProfile.links')}</legend>
        {links.map((link, i) => {
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
            <div key={i} className="link-row">
              <div className="field">
                <label className="field-label" htmlFor={`profile-link-${n}-label`}>
                  {t('caster.studio.linkName', { n })}
                </label>
                <input id={`profile-link-${n}-label`} className="input" maxLength={30} value={link.label} onChange={(e) => setLink(i, { label: e.target.value })} />
              </div>
              <div className="field">
                <label className="field-label" htmlFor={`profile-link-${n}-url`}>
                  {t('caster.studio.linkAddress', { n })}
                </label>
                <input id={`profile-link-${n}-url`} className="input" type="url" inputMode="url" maxLength={300} value={link.url} onChange={(e) => setLink(i, { url: e.target.value })} />
              </div>
              <button type="button" className="btn btn-small" onClick={() => setLinks(links.filter((_, j) => j !== i))}>
                {t('caster.studio.removeLink', { n })}
              </button>
            </div>
          );
        })}
        {links.length < MAX_LINKS && (
          <button type="button" className="btn" onClick={() => setLinks([...links, { label: '', url: '' }])}>
            {t('channelProfile.addLink')}
          </button>
        )}
      </fieldset>
      <FormStatus id="channel-profile-error" failure={save.failure} />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending && <Spinner />}
        {t('channelProfile.save')}
      </button>
    </form>
  );
}
