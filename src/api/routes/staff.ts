import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import {
  auditListResponseSchema,
  auditQuerySchema,
  dormantRequestSchema,
  dormantResponseSchema,
  memberLookupQuerySchema,
  memberLookupResponseSchema,
  sanctionIdParamSchema,
  sanctionRequestSchema,
  sanctionResponseSchema,
} from '../../shared/sanction-schemas';
import { STAFF_API_PATHS } from '../../shared/staff-paths';
import { auditLog, liftSanction, lookUpMember, sanction } from '../services/sanctions';
import { makeDormant } from '../services/dormant';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The staff console's calls (P and O members): sanctions on members, the member lookup and the audit log. Each
 * sanction and lift is written to the audit log in the same batch as the change.
 */
export const staffRoutes = new Hono<ApiEnv>()
  .post(
    STAFF_API_PATHS.sanctions,
    operation({
      tag: 'Staff',
      summary: 'Sanction a member: warn, mute in every room (hours), suspend (days) or block; optionally closing the report it answers',
      description:
        "A warning arrives in the member's messages. A suspension or block refuses sign-in (423) and ends every session at once; a mute refuses their chat lines in every room. Staff members cannot be sanctioned, nor oneself.",
      ok: sanctionResponseSchema,
      refusals: {
        400: 'Bad body, oneself (SELF_SANCTION), or a report about someone else (REPORT_MISMATCH)',
        403: 'The member is staff (STAFF_TARGET)',
        404: 'No such member (MEMBER_NOT_FOUND) or report (REPORT_NOT_FOUND)',
        409: 'The report is already handled (REPORT_HANDLED)',
      },
    }),
    requireMember(),
    requireStaff(),
    validate('json', sanctionRequestSchema),
    async (c) => c.json(await sanction(c.env, c.var.session.memberId, c.req.valid('json'), c.var.t), 200, NO_STORE),
  )
  .post(
    STAFF_API_PATHS.lift,
    operation({
      tag: 'Staff',
      summary: 'Lift a mute, suspension or block before its time',
      ok: sanctionResponseSchema,
      refusals: { 404: 'No such sanction (SANCTION_NOT_FOUND)', 409: 'Already lifted (SANCTION_LIFTED), or a warning (NOT_LIFTABLE)' },
    }),
    requireMember(),
    requireStaff(),
    validate('param', sanctionIdParamSchema),
    async (c) => c.json(await liftSanction(c.env.DB, c.var.session.memberId, c.req.valid('param').id), 200, NO_STORE),
  )
  .get(
    STAFF_API_PATHS.members,
    operation({ tag: 'Staff', summary: 'Find members by login ID or nickname; the exact match with their sanctions, payments and the reports about them', ok: memberLookupResponseSchema }),
    requireMember(),
    requireStaff(),
    validate('query', memberLookupQuerySchema),
    async (c) => c.json(await lookUpMember(c.env.DB, c.req.valid('query').q), 200, NO_STORE),
  )
  .get(
    STAFF_API_PATHS.audit,
    operation({ tag: 'Staff', summary: "Staff's actions, newest first: who, what, to what, when, before and after", ok: auditListResponseSchema }),
    requireMember(),
    requireStaff(),
    validate('query', auditQuerySchema),
    async (c) => c.json(await auditLog(c.env.DB, c.req.valid('query')), 200, NO_STORE),
  )
  .post(
    STAFF_API_PATHS.dormant,
    operation({
      tag: 'Staff',
      summary: 'Put an account to rest: dormant at once (its last sign-in a year and a day ago), its sessions ended',
      description: 'Its owner wakes it through the expiry flow (/signin/expire). Written to the staff audit log.',
      ok: dormantResponseSchema,
      refusals: { 404: 'No such member (MEMBER_NOT_FOUND)' },
    }),
    requireMember(),
    requireStaff(),
    validate('json', dormantRequestSchema),
    async (c) => c.json(await makeDormant(c.env.DB, c.var.session.memberId, c.req.valid('json').loginId), 200, NO_STORE),
  );
