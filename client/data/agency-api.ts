import useSWR from 'swr';
import { AGENCY_PATHS } from '../../src/shared/agency';
import type { AgencyHasNew, AgencyInvite, AgencyInviteList, ContractDownload, SentInviteList } from '../../src/shared/agency-schemas';
import { call, type ApiError } from './api';

export const useMyInvites = () => useSWR<AgencyInviteList, ApiError>(AGENCY_PATHS.mine);
export const useHasNewInvites = () => useSWR<AgencyHasNew, ApiError>(AGENCY_PATHS.hasNew);
export const useInvite = (id: number | null) => useSWR<AgencyInvite, ApiError>(id ? AGENCY_PATHS.one(id) : null);
export const useSentInvites = () => useSWR<SentInviteList, ApiError>(AGENCY_PATHS.sent);

export const respondToInvite = (id: number, type: 'accept' | 'decline') => call<AgencyInvite>('POST', AGENCY_PATHS.respond(id), { type });
export const contractLink = (url: string) => call<ContractDownload>('POST', AGENCY_PATHS.downloadUrl, { url });
export const sendInvite = (form: FormData) => call<AgencyInvite>('POST', AGENCY_PATHS.sent, form);
