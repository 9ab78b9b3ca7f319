import useSWR from 'swr';
import type { ExchangeApplyResponse, ExchangeNow, ExchangeStatus, ExchangeTotal } from '../../src/shared/exchange-schemas';
import type { MemberLevelInfo, RankingPeriod, RankingsResponse } from '../../src/shared/fan-schemas';
import { call } from './api';

// The exchange event, the member's level and the rankings. SWR keys are the API paths.

export const EXCHANGE_STATUS_KEY = '/api/events/exchange/status';
export const EXCHANGE_TOTAL_KEY = '/api/events/exchange/amount/total';
export const EXCHANGE_NOW_KEY = '/api/events/exchange/amount/now';
export const LEVEL_KEY = '/api/my/member-level-info';

export const useExchangeStatus = () => useSWR<ExchangeStatus>(EXCHANGE_STATUS_KEY);
/** The amounts exist only while an event is set. */
export const useExchangeTotal = (event: boolean) => useSWR<ExchangeTotal>(event ? EXCHANGE_TOTAL_KEY : null);
export const useExchangeNow = (event: boolean) => useSWR<ExchangeNow>(event ? EXCHANGE_NOW_KEY : null);
export const useMemberLevel = () => useSWR<MemberLevelInfo>(LEVEL_KEY);
export const useRankings = (period: RankingPeriod) => useSWR<RankingsResponse>(`/api/my/rankings?period=${period}`);

/** One key per intended apply: the caller keeps it for retries of the same amount. */
export const newApplyKey = () => crypto.randomUUID().replaceAll('-', '');

export const applyExchange = (amount: number, idempotencyKey: string) => call<ExchangeApplyResponse>('POST', '/api/events/exchange/apply', { amount, idempotencyKey });
