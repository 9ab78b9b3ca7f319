import { apiKey } from './api';
import { useApi } from './use-api';
import { PROFILE_CACHE_MS, PROFILE_KEY } from '../../src/shared/account-api';
import type { Me } from '../../src/shared/page-props';

export { PROFILE_CACHE_MS, PROFILE_KEY };

/**
 * The signed-in member's profile (GET /api/my/profile, a ProfileResponse: Me and more); null for guests. The page's
 * `me` is what the server read for this very answer, so it is not asked again when the page mounts (nor when the
 * member is put into a members' shared copy after hydration): SWR asks again when the tab comes back into focus,
 * and a change of profile sets the entry itself.
 */
export function useProfile(me: Me | null): Me | null {
  const { data } = useApi(me ? apiKey(PROFILE_KEY) : null, { dedupingInterval: PROFILE_CACHE_MS, fallbackData: me ? { profile: me } : undefined, revalidateIfStale: false });
  return me && data ? data.profile : null;
}
