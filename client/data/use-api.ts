import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError, ApiKey } from './api';

/** A GET of the API through SWR (its fetcher is jsonFetcher, client/app/Root.tsx), typed by the route its key names (apiKey). */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(key, config);
}
