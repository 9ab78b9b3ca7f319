import type { SanctionRequest } from '../../src/shared/sanction-schemas';
import { STAFF_API_PATHS } from '../../src/shared/staff-paths';
import { CHANNEL_SETTINGS_PATHS, type ChannelSettings } from '../../src/shared/streams-api';
import { call } from './api';

// The staff console's calls (src/api/routes/staff.ts and the channel switches' admin route).

export const sanctionMember = (request: SanctionRequest) => call('POST', STAFF_API_PATHS.sanctions, { json: request });
export const liftSanction = (id: number) => call('POST', STAFF_API_PATHS.lift, { param: { id }, json: {} });
export const changeSwitches = (patch: Partial<ChannelSettings>) => call('PUT', CHANNEL_SETTINGS_PATHS.admin, { json: patch });
