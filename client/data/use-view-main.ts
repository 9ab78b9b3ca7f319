import { useEffect } from 'react';
import type { DeviceSpelling } from '../../src/shared/device';
import type { ViewMainResponse } from '../../src/shared/streams-api';
import { apiKey } from './api';
import { useApi } from './use-api';

/** How often the home page asks again who is live. */
export const LIVES_REFRESH_MS = 30_000;

/**
 * The home page's data: the server's answer paints first, then SWR refreshes it every 30 s. `own`: the
 * server's answer is the one every guest gets (HomeData.viewMainIsShared) and the viewer is a member, so
 * their own answer (suggestions, recently watched) is asked for as soon as the page hydrates. `personal`
 * says whether what is returned is already the viewer's own answer.
 */
export function useViewMain(device: DeviceSpelling, initial: ViewMainResponse | null, { own = false }: { own?: boolean } = {}): { main: ViewMainResponse | null; personal: boolean } {
  const { data, mutate } = useApi(apiKey('/api/my/view-main', { query: { device } }), {
    fallbackData: initial ?? undefined,
    // The server just loaded it: the first refresh waits for the interval (unless it was not the member's own).
    revalidateOnMount: !initial,
    refreshInterval: LIVES_REFRESH_MS,
  });
  // The member's own answer, at once: on hydration, or when the member comes in after it (a page from the members'
  // shared copy, PageProps.pendingMe).
  useEffect(() => {
    if (own) void mutate();
  }, [own, mutate]);
  // SWR hands back the fallback object itself until its first answer arrives.
  return { main: data ?? null, personal: !own || (!!data && data !== initial) };
}
