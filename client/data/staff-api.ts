import type { SanctionRequest, SanctionResponse } from '../../src/shared/sanction-schemas';
import { STAFF_API_PATHS } from '../../src/shared/staff-paths';
import { CHANNEL_SETTINGS_PATHS, type ChannelSettings, type ChannelSettingsUpdateResponse } from '../../src/shared/streams-api';
import { call } from './api';

// The staff console's calls (src/api/routes/staff.ts and the channel switches' admin route).

export const sanctionMember = (request: SanctionRequest) => call<SanctionResponse>('POST', STAFF_API_PATHS.sanctions, request);
export const liftSanction = (id: number) => call<SanctionResponse>('POST', STAFF_API_PATHS.lift.replace(':id', String(id)), {});
export const changeSwitches = (patch: Partial<ChannelSettings>) => call<ChannelSettingsUpdateResponse>('PUT', CHANNEL_SETTINGS_PATHS.admin, patch);
