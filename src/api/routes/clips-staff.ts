import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import { clipCreatedSchema, clipListSchema, clipParamSchema, staffClipDeleteSchema, staffClipQuerySchema } from '../../shared/clip-schemas';
import { STAFF_API_PATHS } from '../../shared/staff-paths';
import { removeClipAsStaff, staffClipList } from '../services/clips';

const NO_STORE = { 'cache-control': 'no-store' };

/** Staff (P and O members) look through every channel's clips and delete one with a reason (written to the audit log). */
export const clipStaffRoutes = new Hono<ApiEnv>()
  .get(
    STAFF_API_PATHS.clips,
    operation({ tag: 'Staff', summary: "Every channel's clips, newest first, or those a search finds (title, creator, clip id)", ok: clipListSchema }),
    requireMember(),
    requireStaff(),
    validate('query', staffClipQuerySchema),
    async (c) => {
      const { q, ...page } = c.req.valid('query');
      return c.json(await staffClipList(c.env.DB, q || undefined, page), 200, NO_STORE);
    },
  )
  .post(
    STAFF_API_PATHS.clipDelete,
    operation({
      tag: 'Staff',
      summary: 'Delete any clip, with the reason',
      description: "The deletion and its staff audit row (the clip's title, channel, stream, maker and views, and the reason) commit together.",
      ok: clipCreatedSchema,
      refusals: { 404: 'No such clip (CLIP_NOT_FOUND)' },
    }),
    requireMember(),
    requireStaff(),
    validate('param', clipParamSchema),
    validate('json', staffClipDeleteSchema),
    async (c) => c.json(await removeClipAsStaff(c.env, c.req.valid('param').clipId, c.var.session.memberId, c.req.valid('json').reason), 200, NO_STORE),
  );
