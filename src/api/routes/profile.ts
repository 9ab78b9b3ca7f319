import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import { SESSION_INVALID, SESSION_INVALID_MESSAGE } from '../../shared/account-api';
import { profileResponseSchema } from '../../shared/account-schemas';
import { profileFormSchema } from '../../shared/profile-schemas';
import { myProfile, updateMyProfile } from '../services/profile';

const gone = { error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } };

/** GET and PUT /api/my/profile. Pages keep the answer 5 minutes (SWR); HTTP never does. */
export const profileRoutes = new Hono<ApiEnv>()
  .get('/api/my/profile', operation({ tag: 'My page', summary: "The signed-in member's profile, with their settings and avatar", ok: profileResponseSchema }), requireMember(), async (c) => {
    const answer = await myProfile(c.env.DB, c.var.session.memberId);
    return answer ? c.json(answer) : c.json(gone, 401);
  })
  .put(
    '/api/my/profile',
    operation({
      tag: 'My page',
      summary: 'Change the nickname and avatar (multipart); answers the profile',
      description: "An avatar sent replaces the old one; removeAvatar clears it. The member's open pages drop their cached profile.",
      ok: profileResponseSchema,
      refusals: {
        400: 'The nickname breaks the rules (fields.nickname) or the form fails validation (BAD_REQUEST)',
        409: 'The nickname is taken (TAKEN, fields.nickname)',
        413: 'The avatar or the request is too large (UPLOAD_TOO_LARGE, UPLOAD_DIMENSIONS)',
        415: 'The avatar is not a JPEG, PNG, GIF or WebP by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE, UPLOAD_SVG)',
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(profileFormSchema),
    async (c) => {
      const answer = await updateMyProfile(c.env, c.var.session.memberId, c.req.valid('form'));
      return answer ? c.json(answer) : c.json(gone, 401);
    },
  );
