import useSWR from 'swr';
import type { ProfileResponse } from '../../src/shared/account-api';
import type { Me } from '../../src/shared/page-props';
import { DEFAULT_SETTINGS } from '../../src/shared/message-limits';

/**
 * SPEC §9: the profile is cached for 5 minutes on the client (this SWR key); a change of settings replaces
 * it at once (the settings page sets it; other pages hear of it through the inbox socket).
 */
export const PROFILE_KEY = '/api/my/profile';
/** SPEC §7: the profile is cached for 5 minutes on the client. */
export const PROFILE_CACHE_MS = 5 * 60_000;

/** The signed-in member's profile; the page's `me` shows at once, SWR keeps it fresh. Null for guests. */
export function useProfile(me: Me | null): Me | null {
  const { data } = useSWR<ProfileResponse>(me ? PROFILE_KEY : null, {
    dedupingInterval: PROFILE_CACHE_MS,
    fallbackData: me
      ? { profile: { ...me, piFlag: false, personalAuthStatus: me.identityVerified ? 2 : 0, createdAt: '', countryCode: null, partnerCode: null, settings: DEFAULT_SETTINGS } }
      : undefined,
  });
  return me && data ? data.profile : null;
}
