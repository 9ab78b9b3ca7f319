import useSWR from 'swr';
import type { ProfileResponse } from '../../src/shared/account-api';
import type { Me } from '../../src/shared/page-props';

/** SPEC §7: the profile is cached for 5 minutes on the client. */
export const PROFILE_CACHE_MS = 5 * 60_000;

/** The signed-in member's profile; the page's `me` shows at once, SWR keeps it fresh. Null for guests. */
export function useProfile(me: Me | null): Me | null {
  const { data } = useSWR<ProfileResponse>(me ? '/api/my/profile' : null, {
    dedupingInterval: PROFILE_CACHE_MS,
    fallbackData: me ? { profile: { ...me, piFlag: false, personalAuthStatus: me.identityVerified ? 2 : 0, createdAt: '', countryCode: null, partnerCode: null } } : undefined,
  });
  return me && data ? data.profile : null;
}
