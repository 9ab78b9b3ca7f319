import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { PROFILE_KEY } from '../../../src/shared/account-api';
import { IMAGE_ACCEPT, UPLOAD_LIMITS } from '../../../src/shared/uploads';
import { call } from '../../data/api';
import { useFailureWords } from '../../data/use-mutation';
import { multipart } from '../../data/multipart';
import { useT } from '../../i18n/i18n';
import { Avatar } from './Avatar';

/**
 * The member's nickname and avatar (PUT /api/my/profile, multipart). The answer replaces the cached profile
 * (SWR key PROFILE_KEY), so the header shows the new avatar and nickname at once; the other open pages hear
 * of it through the inbox socket.
 */
export function ProfileForm({ profile }: { profile: { nickname: string; avatarUrl: string | null } }) {
  const t = useT();
  const words = useFailureWords();
  const { mutate } = useSWRConfig();
  const [nickname, setNickname] = useState(profile.nickname);
  const [file, setFile] = useState<File | null>(null);
  const [remove, setRemove] = useState(false);
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'failed'; message?: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && file.size > UPLOAD_LIMITS.imageBytes) return setStatus({ kind: 'failed', message: t('uploads.imageTooLarge') });
    setStatus({ kind: 'saving' });
    const form = multipart({ nickname: nickname !== profile.nickname ? nickname : null, avatar: file, removeAvatar: !file && remove ? true : null });
    const res = await call('PUT', PROFILE_KEY, { form });
    if (!res.ok || !res.body) {
      const text = words(res, { fallback: 'settings.failed' });
      return setStatus(text === null ? null : { kind: 'failed', message: text });
    }
    await mutate(PROFILE_KEY, res.body, { revalidate: false });
    setFile(null);
    setRemove(false);
    (event.target as HTMLFormElement).reset();
    setNickname(res.body.profile.nickname);
    setStatus({ kind: 'saved' });
  };

  return (
    <form method="post" className="profile-form" onSubmit={onSubmit} aria-labelledby="my-profile-edit" noValidate>
      <h3 id="my-profile-edit">{t('member.profile.edit')}</h3>
      <div className="profile-avatar">
        <Avatar url={profile.avatarUrl} nickname={profile.nickname} size={72} label={t('member.profile.avatarCurrent')} />
      </div>
      <label htmlFor="profile-nickname">{t('settings.nickname')}</label>
      <input
        id="profile-nickname"
        className="input"
        name="nickname"
        value={nickname}
        maxLength={10}
        autoComplete="nickname"
        aria-describedby="profile-nickname-hint"
        onChange={(e) => setNickname(e.target.value)}
      />
      <p id="profile-nickname-hint" className="muted">
        {t('member.profile.nicknameHint')}
      </p>
      <label htmlFor="profile-avatar">{t('member.profile.avatar')}</label>
      <input id="profile-avatar" name="avatar" type="file" accept={IMAGE_ACCEPT} aria-describedby="profile-avatar-hint" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <p id="profile-avatar-hint" className="muted">
        {t('member.profile.avatarHint', { mb: UPLOAD_LIMITS.imageBytes / 1024 / 1024 })}
      </p>
      {profile.avatarUrl && (
        <label className="check">
          <input type="checkbox" name="removeAvatar" checked={remove} disabled={!!file} onChange={(e) => setRemove(e.target.checked)} /> {t('member.profile.removeAvatar')}
        </label>
      )}
      <button type="submit" className="btn btn-primary" disabled={status?.kind === 'saving'}>
        {t('member.profile.save')}
      </button>
      <p className="profile-status" role="status">
        {status?.kind === 'saving' ? t('settings.saving') : status?.kind === 'saved' ? t('settings.saved') : status?.kind === 'failed' ? status.message : ''}
      </p>
    </form>
  );
}
