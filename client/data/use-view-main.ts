import useSWR from 'swr';
import type { ViewMainResponse } from '../../src/shared/streams-api';

/** How often the home page asks again who is live. */
export const LIVES_REFRESH_MS = 30_000;

/** The home page's data: the server's answer paints first, then SWR refreshes it every 30 s. */
export function useViewMain(device: string, initial: ViewMainResponse | null): ViewMainResponse | null {
  const { data } = useSWR<ViewMainResponse>(`/api/my/view-main?device=${device}`, {
    fallbackData: initial ?? undefined,
    // The server just loaded it: the first refresh waits for the interval.
    revalidateOnMount: !initial,
    refreshInterval: LIVES_REFRESH_MS,
  });
  return data ?? null;
}
