import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiKey } from '../data/api';
import { useApi } from '../data/use-api';
import { PROFILE_CACHE_MS, PROFILE_KEY } from '../../src/shared/account-api';
import type { PageProps } from '../../src/shared/page-props';
import { DEFAULT_SETTINGS, MEMBER_SORT_CODES } from '../../src/shared/message-limits';
import type { MemberSettings } from '../../src/shared/message-schemas';
import { useFailureWords } from '../data/use-mutation';
import { useT } from '../i18n/i18n';
import { saveSettings } from '../data/message-api';
import { LevelBadge } from '../components/fans/LevelBadge';
import { ProfileForm } from '../components/member/ProfileForm';
import { Avatar } from '../components/member/Avatar';
import { formatDate } from '../lib/format';

const LEVEL_KEY = apiKey('/api/my/member-level-info');

type Flag = Exclude<keyof MemberSettings, 'memberSortCode'>;
/** The switches, in the order shown. */
const FLAGS: { key: Flag }[] = [{ key: 'isView' }, { key: 'isVibes' }, { key: 'isSponser' }, { key: 'isBigFan' }, { key: 'isMemberLevelIconEnabled' }];

/** The member's level (GET /api/my/member-level-info): its icon only while isMemberLevelIconEnabled is on. */
function LevelLine() {
  const t = useT();
  const { data } = useApi(LEVEL_KEY);
  if (!data) return null;
  return (
    <>
      <dt>{t('member.level')}</dt>
      <dd className="my-level">
        {data.icon ? <LevelBadge level={data.level} /> : null} {t('member.levelValue', { level: data.level })}
        {!data.icon && <span className="muted"> {t('member.levelIconHidden')}</span>}
      </dd>
    </>
  );
}

/** My page: the profile and its settings. Each change is saved at once and replaces the cached profile. */
export function MyPage({ props }: { props: PageProps<'MY_PAGE'> }) {
  const t = useT();
  const words = useFailureWords();
  const data = props.data;
  // The profile's SWR entry (5 min): the header reads the same key.
  const { data: profile, mutate } = useApi(apiKey(PROFILE_KEY), { dedupingInterval: PROFILE_CACHE_MS });
  const { mutate: globalMutate } = useSWRConfig();
  // What the member just chose shows at once (a checkbox follows the click); a refused save puts it back.
  const [chosen, setChosen] = useState<MemberSettings | null>(null);
  const settings: MemberSettings = chosen ?? profile?.profile.settings ?? data.profile?.settings ?? { ...DEFAULT_SETTINGS };
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'failed'; message?: string } | null>(null);
  const who = profile?.profile ?? data.profile ?? null;

  const change = async (patch: Partial<MemberSettings>) => {
    setStatus({ kind: 'saving' });
    setChosen({ ...settings, ...patch });
    const res = await saveSettings(patch);
    if (!res.ok || !res.body) {
      setChosen(null);
      // Each click saves (no pending guard: a second box may change while the first saves); the words as every failure's.
      const message = words(res, { fallback: 'settings.failed' });
      setStatus(message === null ? null : { kind: 'failed', message });
      return;
    }
    const next = res.body.settings;
    setChosen(next);
    // The change replaces the cached profile at once; the other open pages hear of it through the inbox.
    await mutate((current) => (current ? { profile: { ...current.profile, settings: next } } : current), { revalidate: !profile });
    // The level card shows its icon by the new setting.
    if ('isMemberLevelIconEnabled' in patch) await globalMutate(LEVEL_KEY);
    setStatus({ kind: 'saved' });
  };

  return (
    <section className="my-page" aria-labelledby="my-title">
      <h1 id="my-title">{t('settings.title')}</h1>
      {who && (
        <section aria-labelledby="my-profile">
          <h2 id="my-profile">{t('settings.profile')}</h2>
          <p className="my-identity">
            <Avatar url={who.avatarUrl} nickname={who.nickname} size={48} />
            <strong>{who.nickname}</strong>
          </p>
          <dl className="watch-stats">
            <dt>{t('settings.loginId')}</dt>
            <dd>{who.loginId}</dd>
            <dt>{t('settings.nickname')}</dt>
            <dd>{who.nickname}</dd>
            <dt>{t('settings.verified')}</dt>
            <dd>{t(who.identityVerified ? 'settings.verifiedYes' : 'settings.verifiedNo')}</dd>
            {who.createdAt && (
              <>
                <dt>{t('settings.joined')}</dt>
                <dd>{formatDate(Date.parse(who.createdAt), props.locale)}</dd>
              </>
            )}
            <LevelLine />
          </dl>
          <nav aria-label={t('member.links')}>
            <ul className="my-links">
              <li>
                <a href="/my/lists">{t('member.lists.title')}</a>
              </li>
              <li>
                <a href="/messages">{t('settings.messagesLink')}</a>
              </li>
              <li>
                <a href="/my/social">{t('social.navLabel')}</a>
              </li>
            </ul>
          </nav>
          <ProfileForm profile={who} />
        </section>
      )}
      <section aria-labelledby="my-settings">
        <h2 id="my-settings">{t('settings.section')}</h2>
        <ul className="settings-list">
          {FLAGS.map(({ key }) => (
            <li key={key} className="settings-row">
              <input type="checkbox" id={`setting-${key}`} checked={settings[key]} aria-describedby={`setting-${key}-hint`} onChange={(event) => change({ [key]: event.target.checked })} />
              <label htmlFor={`setting-${key}`}>{t(`settings.${key}.label`)}</label>
              <p id={`setting-${key}-hint`} className="muted">
                {t(`settings.${key}.hint`)}
              </p>
            </li>
          ))}
        </ul>
        <fieldset className="settings-sort">
          <legend>{t('settings.memberSortCode.label')}</legend>
          {(['newest', 'unreadFirst'] as const).map((name) => (
            <label key={name}>
              <input
                type="radio"
                name="memberSortCode"
                value={MEMBER_SORT_CODES[name]}
                checked={settings.memberSortCode === MEMBER_SORT_CODES[name]}
                onChange={() => change({ memberSortCode: MEMBER_SORT_CODES[name] })}
              />{' '}
              {t(`settings.memberSortCode.${name}`)}
            </label>
          ))}
        </fieldset>
        <p className="settings-status" role="status">
          {status?.kind === 'saving' ? t('settings.saving') : status?.kind === 'saved' ? t('settings.saved') : status?.kind === 'failed' ? status.message : ''}
        </p>
      </section>
    </section>
  );
}
