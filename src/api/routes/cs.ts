import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { Refusal } from '../../lib/errors';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import { isStaff } from '../services/staff';
import { UPLOAD_KEY_PATTERN, UPLOAD_TYPES } from '../../shared/uploads';
import type { CsPostKind } from '../../shared/cs-rules';
import {
  accountChangeFormSchema,
  accountChangeListResponseSchema,
  accountChangeSchema,
  csDeletedResponseSchema,
  csIdParamSchema,
  csPageQuerySchema,
  csPostListQuerySchema,
  csPostListResponseSchema,
  csPostSchema,
  declarationFormSchema,
  inquiryListQuerySchema,
  inquiryListResponseSchema,
  inquiryWriteFormSchema,
  inquirySchema,
  reportListResponseSchema,
  reportSchema,
} from '../../shared/cs-schemas';
import { accountChangeList, deleteInquiry, fileReport, inquiryFor, inquiryList, openAttachment, post, postList, reportList, requestAccountChange, withdrawReport, writeInquiry } from '../services/cs';
import { servedHeaders } from './uploads';

const NO_STORE = { 'cache-control': 'no-store' };
const FILE_REFUSALS = {
  400: `The form fails validation (BAD_REQUEST), or more than 4 files (TOO_MANY_FILES)`,
  413: 'A file or the request is too large (UPLOAD_TOO_LARGE), or an image has too many pixels (UPLOAD_DIMENSIONS)',
  415: 'A file is not a JPEG, PNG, GIF or WebP image or a PDF by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE), or is SVG or other markup (UPLOAD_SVG)',
  429: 'The member wrote 10 of these in the last hour (CS_RATE_LIMITED)',
} as const;
const NOT_OWN_INQUIRY = "No such inquiry of the member's own (INQUIRY_NOT_FOUND): another member's answers the same";
const NOT_OWN_REPORT = "No such report of the member's own (REPORT_NOT_FOUND): another member's answers the same";

const memberId = (c: { var: { session: { memberId: number } } }) => c.var.session.memberId;

/** The three reading lists share one shape: the caller's language, else Korean. */
const POST_LISTS: [path: string, kind: CsPostKind, what: string][] = [
  ['/api/cs/notice-list', 'notice', "The platform's notices"],
  ['/api/cs/develop-notice-list', 'develop-notice', 'Notices for app and partner developers'],
  ['/api/cs/guide-list', 'guide', 'Guides to using the service'],
];

/** Customer service for members (docs/product/community.md, "Customer service"); the staff side is cs-staff.ts. */
export const csRoutes = new Hono<ApiEnv>()
  .post(
    '/api/cs/inquiry-write',
    operation({
      tag: 'Customer service',
      summary: 'Write an inquiry to the operator (multipart, with files)',
      description: 'Plain text. Files are private: only the writer and staff can open them (GET /api/cs/attachments/{key}).',
      ok: inquirySchema,
      refusals: FILE_REFUSALS,
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(inquiryWriteFormSchema),
    async (c) => c.json(await writeInquiry(c.env, memberId(c), c.req.valid('form')), 200, NO_STORE),
  )
  .get(
    '/api/cs/inquiry-list',
    operation({ tag: 'Customer service', summary: "The member's inquiries, newest first, with the operator's answers", ok: inquiryListResponseSchema }),
    requireMember(),
    validate('query', csPageQuerySchema),
    async (c) => c.json(await inquiryList(c.env.DB, { memberId: memberId(c), ...c.req.valid('query') }), 200, NO_STORE),
  )
  .get(
    '/v2/api/cs/inquiry-list',
    operation({ tag: 'Customer service', summary: "The member's inquiries, filtered by board type, category and words of the title", ok: inquiryListResponseSchema }),
    requireMember(),
    validate('query', inquiryListQuerySchema),
    async (c) => c.json(await inquiryList(c.env.DB, { memberId: memberId(c), ...c.req.valid('query') }), 200, NO_STORE),
  )
  .get(
    '/api/cs/inquiry-detail/:id',
    operation({ tag: 'Customer service', summary: 'One inquiry and its answer (its writer, or staff)', ok: inquirySchema, refusals: { 404: NOT_OWN_INQUIRY } }),
    requireMember(),
    validate('param', csIdParamSchema),
    async (c) => {
      const reader = { memberId: memberId(c), staff: await isStaff(c.env.DB, memberId(c)) };
      return c.json(await inquiryFor(c.env.DB, c.req.valid('param').id, reader), 200, NO_STORE);
    },
  )
  .delete(
    '/api/cs/inquiry-delete/:id',
    operation({ tag: 'Customer service', summary: "Delete one of the member's inquiries, with its files", ok: csDeletedResponseSchema, refusals: { 404: NOT_OWN_INQUIRY } }),
    requireMember(),
    validate('param', csIdParamSchema),
    async (c) => c.json(await deleteInquiry(c.env, memberId(c), c.req.valid('param').id)),
  )
  .get(
    '/api/cs/attachments/:key',
    operation({
      tag: 'Customer service',
      summary: 'A file attached to an inquiry, report or account change request',
      description: 'Only for the member who attached it and staff; anyone else gets 404. Served inertly (nosniff, a sandboxing CSP; a PDF as a download) and never stored by shared caches.',
      ok: { binary: Object.values(UPLOAD_TYPES).map((t) => t.contentType) },
      okDescription: 'The file',
      refusals: { 404: "No such file of the member's own (UPLOAD_NOT_FOUND)" },
    }),
    requireMember(),
    validate('param', z.object({ key: z.string().regex(UPLOAD_KEY_PATTERN) })),
    async (c) => {
      const reader = { memberId: memberId(c), staff: await isStaff(c.env.DB, memberId(c)) };
      const file = await openAttachment(c.env, c.req.valid('param').key, reader);
      if (!file) throw new Refusal(404, 'UPLOAD_NOT_FOUND', 'uploads.notFound');
      return c.body(file.body, 200, servedHeaders(file.contentType, file.size, file.image, 'private, no-store'));
    },
  )
  .post(
    '/api/cs/declaration-post',
    operation({
      tag: 'Customer service',
      summary: 'Report a channel, a chat line, a member or a board post to the operator (multipart, with files)',
      description: "The reported member never learns who reported them. A chat report carries the line's words (quote) as the reporter saw them.",
      ok: reportSchema,
      refusals: {
        ...FILE_REFUSALS,
        400: `${FILE_REFUSALS[400]}; the member reported themself (REPORT_SELF)`,
        404: 'No such channel or member (REPORT_TARGET_NOT_FOUND)',
      },
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(declarationFormSchema),
    async (c) => c.json(await fileReport(c.env, memberId(c), c.req.valid('form')), 200, NO_STORE),
  )
  .get(
    '/api/cs/declaration-list',
    operation({ tag: 'Customer service', summary: "The member's reports, newest first, with whether staff handled them", ok: reportListResponseSchema }),
    requireMember(),
    validate('query', csPageQuerySchema),
    async (c) => c.json(await reportList(c.env.DB, memberId(c), c.req.valid('query')), 200, NO_STORE),
  )
  .delete(
    '/api/cs/declaration-delete/:id',
    operation({
      tag: 'Customer service',
      summary: "Withdraw one of the member's reports while it is open",
      ok: csDeletedResponseSchema,
      refusals: { 404: NOT_OWN_REPORT, 409: 'Staff already handled it (REPORT_HANDLED)' },
    }),
    requireMember(),
    validate('param', csIdParamSchema),
    async (c) => c.json(await withdrawReport(c.env, memberId(c), c.req.valid('param').id)),
  )
  .post(
    '/api/cs/accountChange',
    operation({
      tag: 'Customer service',
      summary: 'Ask the operator to change account details (multipart, with documents)',
      description: 'Staff see it in their list and say done or rejected, with a note the member reads.',
      ok: accountChangeSchema,
      refusals: FILE_REFUSALS,
    }),
    requireMember(),
    uploadBody(),
    validateMultipart(accountChangeFormSchema),
    async (c) => c.json(await requestAccountChange(c.env, memberId(c), c.req.valid('form')), 200, NO_STORE),
  )
  .get(
    '/api/cs/accountChange-list',
    operation({ tag: 'Customer service', summary: "The member's account change requests and what staff decided", ok: accountChangeListResponseSchema }),
    requireMember(),
    validate('query', csPageQuerySchema),
    async (c) => c.json(await accountChangeList(c.env.DB, memberId(c), 'all', c.req.valid('query')), 200, NO_STORE),
  )
  .get(
    '/api/cs/post-detail/:id',
    operation({
      tag: 'Customer service',
      summary: "One notice, developer notice or guide, in the caller's language (else Korean)",
      ok: csPostSchema,
      refusals: { 404: 'No such post (POST_NOT_FOUND)' },
    }),
    validate('param', csIdParamSchema),
    async (c) => {
      c.header('cache-control', 'public, max-age=60');
      c.header('vary', 'accept-language, x-locale');
      return c.json(await post(c.env.DB, c.req.valid('param').id, c.var.locale));
    },
  );

for (const [path, kind, what] of POST_LISTS) {
  csRoutes.get(
    path,
    operation({ tag: 'Customer service', summary: `${what}, newest first, in the caller's language (else Korean)`, ok: csPostListResponseSchema }),
    validate('query', csPostListQuerySchema),
    async (c) => {
      c.header('cache-control', 'public, max-age=60');
      c.header('vary', 'accept-language, x-locale');
      return c.json(await postList(c.env.DB, kind, c.var.locale, c.req.valid('query')));
    },
  );
}
