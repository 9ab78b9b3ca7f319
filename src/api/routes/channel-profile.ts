import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import { channelProfileFormSchema, channelProfileSchema } from '../../shared/channel-schemas';
import { ownChannelProfile, updateOwnChannelProfile } from '../services/channel-profile';

const NO_CHANNEL = 'The member has no channel yet (NO_CHANNEL)';

/** The creator's channel profile (the GET is a published path; the PUT is ours). */
export const channelProfileRoutes = new Hono<ApiEnv>()
  .get(
    '/api/my/channel/profile',
    operation({ tag: 'Channel profile', summary: "The member's own channel profile: name, description, profile image, banner, links", ok: channelProfileSchema, refusals: { 404: NO_CHANNEL } }),
    requireMember(),
    async (c) => c.json(await ownChannelProfile(c.env.DB, c.var.session.memberId)),
  )
  .put(
    '/api/my/channel/profile',
    operation({
      tag: 'Channel profile',
      summary: 'Save the channel profile (multipart, with its images)',
      description: 'An image sent replaces the old one; removeProfileImage / removeBanner clear them. The name is the channel title the page shows.',
      ok: channelProfileSchema,
      refusals: {
        400: 'The form fails validation (BAD_REQUEST) or the links do (BAD_LINKS)',
        404: NO_CHANNEL,
        413: 'An image or the request is too large (UPLOAD_TOO_LARGE, UPLOAD_DIMENSIONS)',
        415: 'An image is not a JPEG, PNG, GIF or WebP by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE, UPLOAD_SVG)',
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(channelProfileFormSchema),
    async (c) => c.json(await updateOwnChannelProfile(c.env, c.var.session.memberId, c.req.valid('form'))),
  );
