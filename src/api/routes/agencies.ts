import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import { UPLOAD_KEY_PATTERN } from '../../shared/uploads';
import {
  agencyHasNewSchema,
  agencyInviteFormSchema,
  agencyInviteListSchema,
  agencyInviteSchema,
  agencyRespondRequestSchema,
  contractDownloadRequestSchema,
  contractDownloadResponseSchema,
  sentInviteListSchema,
} from '../../shared/agency-schemas';
import { contractDownloadUrl, contractLinkValid, hasNewInvites, myInvite, myInvites, respondToInvite, sendInvite, sentInvites } from '../services/agencies';
import { CONTRACT_PURPOSE, openUpload } from '../services/uploads';
import { idParam } from './watch-params';

const NOT_FOUND = 'No such invite, or it was sent to someone else (INVITE_NOT_FOUND)';

/** Agency invites: the creator's calls, the agency's own, and the signed contract link. */
export const agencyRoutes = new Hono<ApiEnv>()
  .get('/api/my/agency-invites/has-new', operation({ tag: 'Agencies', summary: 'Whether the member has invites not opened yet (the badge)', ok: agencyHasNewSchema }), requireMember(), async (c) =>
    c.json(await hasNewInvites(c.env.DB, c.var.session.memberId)),
  )
  .get(
    '/api/my/agency-invites/me',
    operation({ tag: 'Agencies', summary: "The member's invites, newest first, and the agency their channel belongs to", ok: agencyInviteListSchema }),
    requireMember(),
    async (c) => c.json(await myInvites(c.env.DB, c.var.session.memberId)),
  )
  .post(
    '/api/my/agency-invites/download-url',
    operation({
      tag: 'Agencies',
      summary: "A signed link to an invite's contract, valid 5 minutes",
      description: 'Only for the creator the invite was sent to.',
      ok: contractDownloadResponseSchema,
      refusals: { 404: 'Not the contract of an invite to this member (CONTRACT_NOT_FOUND)' },
    }),
    requireMember(),
    validate('json', contractDownloadRequestSchema),
    async (c) => c.json(await contractDownloadUrl(c.env, c.var.session.memberId, c.req.valid('json').url)),
  )
  .get(
    '/api/my/agency-invites/:id',
    operation({ tag: 'Agencies', summary: 'One invite (opening it marks it read)', ok: agencyInviteSchema, refusals: { 404: NOT_FOUND } }),
    requireMember(),
    validate('param', idParam),
    async (c) => c.json(await myInvite(c.env.DB, c.var.session.memberId, c.req.valid('param').id)),
  )
  .post(
    '/api/my/agency-invites/:id/respond',
    operation({
      tag: 'Agencies',
      summary: 'Accept (the channel joins the agency) or decline an invite',
      ok: agencyInviteSchema,
      refusals: {
        404: NOT_FOUND,
        409: 'Answered already (INVITE_ANSWERED), expired (INVITE_EXPIRED), or the channel belongs to another agency (CHANNEL_HAS_AGENCY)',
      },
    }),
    requireMember(),
    validate('param', idParam),
    validate('json', agencyRespondRequestSchema),
    async (c) => c.json(await respondToInvite(c.env.DB, c.var.session.memberId, c.req.valid('param').id, c.req.valid('json').type)),
  )
  .get(
    '/api/agency/invites',
    operation({ tag: 'Agencies', summary: 'The invites the signed-in agency sent', ok: sentInviteListSchema, refusals: { 403: 'The member is not an agency (NOT_AGENCY)' } }),
    requireMember(),
    async (c) => c.json(await sentInvites(c.env.DB, c.var.session.memberId)),
  )
  .post(
    '/api/agency/invites',
    operation({
      tag: 'Agencies',
      summary: 'Invite a creator (multipart: loginId, message, days, contract PDF)',
      ok: agencyInviteSchema,
      refusals: {
        400: 'The form fails validation (BAD_REQUEST), or the agency invites itself (SELF_INVITE)',
        403: 'The member is not an agency (NOT_AGENCY)',
        404: 'No creator with a channel by that login ID (CHANNEL_NOT_FOUND)',
        409: 'The channel is with this agency already (ALREADY_LINKED), or an invite to it is still open (INVITE_OPEN)',
        413: 'The contract or the request is too large (UPLOAD_TOO_LARGE)',
        415: 'The contract is not a PDF by its bytes (UPLOAD_TYPE, UPLOAD_SVG)',
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(agencyInviteFormSchema),
    async (c) => c.json(await sendInvite(c.env, c.var.session.memberId, c.req.valid('form'))),
  )
  .get(
    '/api/agency-contracts/:key',
    operation({
      tag: 'Agencies',
      summary: 'A contract, through the signed link download-url answered',
      description: 'No session needed: the signature is the right, and it expires.',
      ok: { binary: ['application/pdf'] },
      okDescription: 'The contract, as an attachment',
      refusals: { 403: 'No signature, a wrong one, or an expired link (CONTRACT_LINK_INVALID)', 404: 'No such contract (CONTRACT_NOT_FOUND)' },
    }),
    validate('param', z.object({ key: z.string().regex(UPLOAD_KEY_PATTERN) })),
    validate(
      'query',
      z.object({
        expires: z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number)
          .optional(),
        signature: z.string().max(100).optional(),
      }),
    ),
    async (c) => {
      const { key } = c.req.valid('param');
      const { expires, signature } = c.req.valid('query');
      if (expires === undefined || !signature || !(await contractLinkValid(c.env, key, expires, signature))) throw new Refusal(403, 'CONTRACT_LINK_INVALID', 'agency.errors.linkInvalid');
      const file = await openUpload(c.env, key, CONTRACT_PURPOSE);
      if (!file) throw new Refusal(404, 'CONTRACT_NOT_FOUND', 'agency.errors.contractNotFound');
      return c.body(file.body, 200, {
        'content-type': file.contentType,
        'content-length': String(file.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'attachment; filename="contract.pdf"',
        'cache-control': 'private, no-store',
      });
    },
  );
