import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import {
  agencyGrantRequestSchema,
  agencyInviteSchema,
  staffAgencyListSchema,
  staffAgencySchema,
  staffInviteFormSchema,
  staffInviteListSchema,
  staffInviteQuerySchema,
} from '../../shared/agency-schemas';
import { STAFF_API_PATHS } from '../../shared/staff-paths';
import { grantAgency, inviteForAgency, staffAgencies, staffInvites } from '../services/agencies-staff';

const NO_STORE = { 'cache-control': 'no-store' };

/** Staff (P and O members) run agencies: the console and `npm run ops -- agency`. Changes are written to the staff audit log. */
export const agencyStaffRoutes = new Hono<ApiEnv>()
  .get(STAFF_API_PATHS.agencies, operation({ tag: 'Staff', summary: 'Every agency, with how many channels belong to it', ok: staffAgencyListSchema }), requireMember(), requireStaff(), async (c) =>
    c.json(await staffAgencies(c.env.DB), 200, NO_STORE),
  )
  .post(
    STAFF_API_PATHS.agencies,
    operation({
      tag: 'Staff',
      summary: 'Make a member an agency account, or rename theirs',
      description: 'The agency then invites creators from /agency. Written to the staff audit log.',
      ok: staffAgencySchema,
      refusals: { 404: 'No such member (MEMBER_NOT_FOUND)', 409: 'Another agency has that name (AGENCY_NAME_TAKEN)' },
    }),
    requireMember(),
    requireStaff(),
    validate('json', agencyGrantRequestSchema),
    async (c) => c.json(await grantAgency(c.env.DB, c.var.session.memberId, c.req.valid('json')), 200, NO_STORE),
  )
  .get(
    STAFF_API_PATHS.agencyInvites,
    operation({ tag: 'Staff', summary: 'Invites of one agency or of all, newest first (100 at most)', ok: staffInviteListSchema, refusals: { 404: 'No agency by that login ID (AGENCY_NOT_FOUND)' } }),
    requireMember(),
    requireStaff(),
    validate('query', staffInviteQuerySchema),
    async (c) => c.json(await staffInvites(c.env.DB, c.req.valid('query').agency), 200, NO_STORE),
  )
  .post(
    STAFF_API_PATHS.agencyInvites,
    operation({
      tag: 'Staff',
      summary: "Invite a creator on an agency's behalf (multipart: agencyLoginId, loginId, message, days, contract PDF)",
      description: "As the agency's page does it (POST /api/agency/invites); the creator answers at /my/agency-invites. Written to the staff audit log.",
      ok: agencyInviteSchema,
      refusals: {
        400: 'The form fails validation (BAD_REQUEST), or the agency invites itself (SELF_INVITE)',
        404: 'No agency by that login ID (AGENCY_NOT_FOUND), or no creator with a channel by loginId (CHANNEL_NOT_FOUND)',
        409: 'The channel is with this agency already (ALREADY_LINKED), or an invite to it is still open (INVITE_OPEN)',
        413: 'The contract or the request is too large (UPLOAD_TOO_LARGE)',
        415: 'The contract is not a PDF by its bytes (UPLOAD_TYPE, UPLOAD_SVG)',
      },
    }),
    requireMember(),
    requireStaff(),
    uploadBody(),
    validateMultipart(staffInviteFormSchema),
    async (c) => c.json(await inviteForAgency(c.env, c.var.session.memberId, c.req.valid('form')), 200, NO_STORE),
  );
