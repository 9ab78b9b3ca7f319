import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import {
  accountChangeDecisionSchema,
  accountChangeListResponseSchema,
  csDeletedResponseSchema,
  csIdParamSchema,
  csPostSchema,
  csPostWriteRequestSchema,
  inquiryAnswerRequestSchema,
  inquiryListResponseSchema,
  inquirySchema,
  reportCloseParamSchema,
  reportClosedResponseSchema,
  staffReportListResponseSchema,
  staffStatusQuerySchema,
} from '../../shared/cs-schemas';
import { accountChangeList, answer, closeAnyReport, decideChange, inquiryList, removePost, staffReports, writePost } from '../services/cs';

const NO_STORE = { 'cache-control': 'no-store' };
const staffId = (c: { var: { session: { memberId: number } } }) => c.var.session.memberId;

/** Customer service for staff (P and O members): answer inquiries, close reports, decide account changes, write posts. */
export const csStaffRoutes = new Hono<ApiEnv>()
  .get(
    '/api/admin/cs/inquiries',
    operation({ tag: 'Staff', summary: "Members' inquiries: open (not answered yet, oldest first), handled (answered) or all", ok: inquiryListResponseSchema }),
    requireMember(),
    requireStaff(),
    validate('query', staffStatusQuerySchema),
    async (c) => {
      const { status, offset, limit } = c.req.valid('query');
      return c.json(await inquiryList(c.env.DB, { memberId: null, status, offset, limit }), 200, NO_STORE);
    },
  )
  .put(
    '/api/admin/cs/inquiries/:id/answer',
    operation({
      tag: 'Staff',
      summary: "Answer a member's inquiry (or replace the answer)",
      description: 'The member reads it on their inquiry page and in GET /api/cs/inquiry-list.',
      ok: inquirySchema,
      refusals: { 404: 'No such inquiry (INQUIRY_NOT_FOUND)' },
    }),
    requireMember(),
    requireStaff(),
    validate('param', csIdParamSchema),
    validate('json', inquiryAnswerRequestSchema),
    async (c) => c.json(await answer(c.env.DB, staffId(c), c.req.valid('param').id, c.req.valid('json').answer)),
  )
  .get(
    '/api/admin/cs/reports',
    operation({
      tag: 'Staff',
      summary: 'Reports: of channels, chat lines, members and board posts (source cs) and of messages (source message), newest first',
      ok: staffReportListResponseSchema,
    }),
    requireMember(),
    requireStaff(),
    validate('query', staffStatusQuerySchema),
    async (c) => {
      const { status, offset, limit } = c.req.valid('query');
      return c.json(await staffReports(c.env.DB, status, { offset, limit }), 200, NO_STORE);
    },
  )
  .put(
    '/api/admin/cs/reports/:source/:id/close',
    operation({ tag: 'Staff', summary: 'Mark a report handled', ok: reportClosedResponseSchema, refusals: { 404: 'No such report (REPORT_NOT_FOUND)' } }),
    requireMember(),
    requireStaff(),
    validate('param', reportCloseParamSchema),
    async (c) => {
      const { source, id } = c.req.valid('param');
      return c.json(await closeAnyReport(c.env.DB, staffId(c), source, id));
    },
  )
  .get(
    '/api/admin/cs/account-changes',
    operation({ tag: 'Staff', summary: "Members' account change requests: open, handled or all, newest first", ok: accountChangeListResponseSchema }),
    requireMember(),
    requireStaff(),
    validate('query', staffStatusQuerySchema),
    async (c) => {
      const { status, offset, limit } = c.req.valid('query');
      return c.json(await accountChangeList(c.env.DB, null, status, { offset, limit }), 200, NO_STORE);
    },
  )
  .put(
    '/api/admin/cs/account-changes/:id',
    operation({
      tag: 'Staff',
      summary: 'Decide an open account change request: done or rejected, with a note for the member',
      ok: z.object({ id: z.int().positive(), status: z.enum(['done', 'rejected']) }).meta({ id: 'AccountChangeDecided' }),
      refusals: { 404: 'No such open request (ACCOUNT_CHANGE_NOT_FOUND)' },
    }),
    requireMember(),
    requireStaff(),
    validate('param', csIdParamSchema),
    validate('json', accountChangeDecisionSchema),
    async (c) => {
      const { status, note } = c.req.valid('json');
      return c.json(await decideChange(c.env.DB, staffId(c), c.req.valid('param').id, status, note));
    },
  )
  .post(
    '/api/admin/cs/posts',
    operation({
      tag: 'Staff',
      summary: 'Write a notice, developer notice or guide, or one more language of one (postId)',
      description: 'Plain text. Readers get their language, else Korean, else the first written.',
      ok: csPostSchema,
      refusals: { 404: 'No post of that kind with that postId (POST_NOT_FOUND)' },
    }),
    requireMember(),
    requireStaff(),
    validate('json', csPostWriteRequestSchema),
    async (c) => c.json(await writePost(c.env.DB, staffId(c), c.req.valid('json'))),
  )
  .delete(
    '/api/admin/cs/posts/:id',
    operation({ tag: 'Staff', summary: 'Delete a notice, developer notice or guide, in every language', ok: csDeletedResponseSchema, refusals: { 404: 'No such post (POST_NOT_FOUND)' } }),
    requireMember(),
    requireStaff(),
    validate('param', csIdParamSchema),
    async (c) => c.json(await removePost(c.env.DB, c.req.valid('param').id)),
  );
