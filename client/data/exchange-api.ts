import type { RankingPeriod } from '../../src/shared/rankings';
import { apiKey, call } from './api';
import { useApi } from './use-api';

// The exchange event, the member's level and the rankings. SWR keys are the API paths.

export const EXCHANGE_STATUS_KEY = apiKey('/api/events/exchange/status');
export const EXCHANGE_TOTAL_KEY = apiKey('/api/events/exchange/amount/total');
export const EXCHANGE_NOW_KEY = apiKey('/api/events/exchange/amount/now');
export const LEVEL_KEY = apiKey('/api/my/member-level-info');

export const useExchangeStatus = () => useApi(EXCHANGE_STATUS_KEY);
/** The amounts exist only while an event is set. */
export const useExchangeTotal = (event: boolean) => useApi(event ? EXCHANGE_TOTAL_KEY : null);
export const useExchangeNow = (event: boolean) => useApi(event ? EXCHANGE_NOW_KEY : null);
export const useMemberLevel = () => useApi(LEVEL_KEY);
export const useRankings = (period: RankingPeriod) => useApi(apiKey('/api/my/rankings', { query: { period } }));

/** One key per intended apply: the caller keeps it for retries of the same amount. */
export const newApplyKey = () => crypto.randomUUID().replaceAll('-', '');

export const applyExchange = (amount: number, idempotencyKey: string) => call('POST', '/api/events/exchange/apply', { json: { amount, idempotencyKey } });
