import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import { CHANNEL_SETTINGS_PATHS } from '../../shared/streams-api';
import { channelSettingsUpdateResponseSchema } from '../../shared/streams-schemas';
import { channelSettingsPatchSchema, updateChannelSettings } from '../services/channel-settings-update';

/**
 * Staff calls (P and O members). PUT /api/admin/channeling-switching takes a partial channel settings
 * object, answers the settings now in force and tells the rooms on air. Guests get 401, other members
 * 403, bad bodies 400: none of them changes anything.
 */
export const adminRoutes = new Hono<ApiEnv>().put(
  CHANNEL_SETTINGS_PATHS.admin,
  operation({
    tag: 'Staff',
    summary: 'Change channel switches',
    description:
      'Any of the settings, at least one, nothing else. Rooms of channels on air hear CHANNELING_SETTING_UPDATE; the edge drops its 10-minute copy. Written to the staff audit log (what changed, before and after).',
    ok: channelSettingsUpdateResponseSchema,
  }),
  requireMember(),
  requireStaff(),
  validate('json', channelSettingsPatchSchema),
  async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await updateChannelSettings(c.env, c.var.session.memberId, c.req.valid('json')));
  },
);
