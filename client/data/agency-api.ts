import { AGENCY_PATHS } from '../../src/shared/agency';
import { apiKey, call } from './api';
import { useApi } from './use-api';

export const useMyInvites = () => useApi(apiKey(AGENCY_PATHS.mine));
export const useHasNewInvites = () => useApi(apiKey(AGENCY_PATHS.hasNew));
export const useInvite = (id: number | null) => useApi(id ? apiKey('/api/my/agency-invites/:id', { param: { id } }) : null);
export const useSentInvites = () => useApi(apiKey(AGENCY_PATHS.sent));

export const respondToInvite = (id: number, type: 'accept' | 'decline') => call('POST', '/api/my/agency-invites/:id/respond', { param: { id }, json: { type } });
export const contractLink = (url: string) => call('POST', AGENCY_PATHS.downloadUrl, { json: { url } });
export const sendInvite = (form: FormData) => call('POST', AGENCY_PATHS.sent, { form });
