import { useSetAtom } from 'jotai';
import type { Me } from '../../../src/shared/page-props';
import type { FollowState } from '../../../src/shared/follow-schemas';
import type { ApiResult } from '../../data/api';
import { followChannel, followStateKey, unfollowChannel } from '../../data/follow-api';
import { useApi } from '../../data/use-api';
import { useFailureNotice, useOneAtATime } from '../../data/use-mutation';
import { formatInteger } from '../../lib/format';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';

/**
 * "팔로우" on a channel page, with the channel's count of followers; once following, "팔로잉" (pressed: unfollow) and
 * a bell that turns its went-live notices on and off. A guest is asked to sign in; a creator sees only the count.
 */
export function FollowButton({ channelId, nickname, me, own, locale }: { channelId: number; nickname: string; me: Me | null; own: boolean; locale: string }) {
  const t = useT();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const notice = useFailureNotice();
  const { pending, once } = useOneAtATime();
  const { data: state, mutate } = useApi(followStateKey(channelId));
  const change = (call: () => Promise<ApiResult<FollowState>>) =>
    once(async () => {
      const result = await call();
      if (result.ok && result.body) await mutate(result.body, { revalidate: false });
      else notice(result, { fallback: 'follow.failed' });
    });
  const count = state ? t('follow.count', { count: formatInteger(state.followerCount, locale) }) : '';
  if (own || !state) return count ? <span className="follow-count muted">{count}</span> : null;
  const toggle = () => {
    if (!me) return showMembersOnly(true);
    void change(() => (state.following ? unfollowChannel(channelId) : followChannel(channelId)));
  };
  return (
    <span className="follow">
      <button type="button" className={`btn btn-small${state.following ? '' : ' btn-primary'}`} aria-pressed={state.following} disabled={pending} onClick={toggle}>
        {t(state.following ? 'follow.following' : 'follow.follow')}
      </button>
      {state.following && (
        <button
          type="button"
          className="btn btn-small follow-bell"
          aria-pressed={state.notify}
          aria-label={t('follow.notifyLabel', { nickname })}
          title={t(state.notify ? 'follow.notifyOn' : 'follow.notifyOff')}
          disabled={pending}
          onClick={() => void change(() => followChannel(channelId, !state.notify))}
        >
          <BellIcon off={!state.notify} />
        </button>
      )}
      <span className="follow-count muted">{count}</span>
    </span>
  );
}

function BellIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2z" fill="currentColor" />
      {off && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />}
    </svg>
  );
}
