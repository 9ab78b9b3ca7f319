import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { settingsRequestSchema, settingsResponseSchema } from '../../shared/message-schemas';
import { changeSettings } from '../services/settings';

/** POST /api/my/setting: the member's page settings. They are read back in GET /api/my/profile (profile.settings). */
export const settingRoutes = new Hono<ApiEnv>().post(
  '/api/my/setting',
  operation({
    tag: 'My page',
    summary: "Change the member's settings (what is left out stays); answers all of them",
    description:
      'isView: record watching in "recently watched"; isVibes: vibrate on a new message; isSponser: the name on creators\' received-gift lists; memberSortCode: the order of the conversations (1 newest, 2 unread first); isBigFan and isMemberLevelIconEnabled: chat badges of features not built yet. The member\'s open pages drop their cached profile.',
    ok: settingsResponseSchema,
  }),
  requireMember(),
  validate('json', settingsRequestSchema),
  async (c) => c.json(await changeSettings(c.env, c.var.session.memberId, c.req.valid('json'))),
);
