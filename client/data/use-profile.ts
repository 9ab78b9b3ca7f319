import { apiKey } from './api';
import { useApi } from './use-api';
import { PROFILE_CACHE_MS, PROFILE_KEY } from '../../src/shared/account-api';
import type { Me } from '../../src/shared/page-props';

export { PROFILE_CACHE_MS, PROFILE_KEY };

/**
 * The signed-in member's profile (GET /api/my/profile, a ProfileResponse: Me and more); the page's `me`
 * shows at once, SWR keeps it fresh. Null for guests.
 */
export function useProfile(me: Me | null): Me | null {
  const { data } = useApi(me ? apiKey(PROFILE_KEY) : null, { dedupingInterval: PROFILE_CACHE_MS, fallbackData: me ? { profile: me } : undefined });
  return me && data ? data.profile : null;
}
