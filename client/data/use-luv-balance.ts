import { mutate } from 'swr';
import type { LuvSumResponse } from '../../src/shared/luv-schemas';
import { apiKey } from './api';
import { useApi } from './use-api';

/** GET /api/luv/luv-sum: the SWR key every page that shows or changes the balance shares. */
export const LUV_SUM_KEY = apiKey('/api/luv/luv-sum');

/**
 * The member's wallet balance (GET /api/luv/luv-sum), one SWR entry for the header and every page that
 * shows it; null for guests and until it is known. `initial` is a balance the page already loaded.
 */
export function useLuvBalance(member: boolean, initial: number | null = null): number | null {
  // SWR's own 2 s deduping: whatever mounts later (the gift dialog) asks again rather than trust a minute-old answer.
  const { data } = useApi(member ? LUV_SUM_KEY : null, { fallbackData: initial === null ? undefined : { balance: initial } });
  return member ? (data?.balance ?? null) : null;
}

/** A call answered the new balance (a purchase, a coupon, a refund, a gift): show it everywhere at once. */
export function setLuvBalance(balance: number): void {
  void mutate<LuvSumResponse>(LUV_SUM_KEY, { balance }, { revalidate: false });
}
