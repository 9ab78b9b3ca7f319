// Customer service (docs/product/community.md, "Customer service"): the shapes of inquiries, the platform's notices and
// guides, reports (declarations) and account change requests, and the staff calls that answer them, as
// zod schemas (the OpenAPI document comes from them). Members' words are plain text, never markup.

import * as z from 'zod';
import { ACCOUNT_CHANGE_KINDS, CS_LIMITS, CS_POST_KINDS, INQUIRY_BOARD_TYPES, INQUIRY_CATEGORY_IDS, REPORT_KINDS, REPORT_REASONS, REPORT_SOURCES, REPORT_TARGET_TYPES, cleanLines } from './cs-rules';
import { LOCALES } from './locales';
import { listResponseSchema, pageQuery } from './paging';
import { fitsLikePattern, LIKE_PATTERN_MAX_BYTES, SEARCH_TOO_LONG_KEY } from './search-words';
import { cleanText } from './text';

const id = z.int().positive();
const epochMs = z.int().nonnegative();

// ---- Query strings, paths and forms: every value arrives as text.

const decimalId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
const { offset, limit } = pageQuery(CS_LIMITS.pageLimit, CS_LIMITS.maxPageLimit).shape;
const titleFilter = z
  .string()
  .trim()
  .refine(fitsLikePattern, { params: { messageKey: SEARCH_TOO_LONG_KEY } })
  .optional()
  .describe(`Only titles containing these words: at most ${LIKE_PATTERN_MAX_BYTES - 2} bytes of UTF-8 (16 Korean syllables, 48 ASCII characters), % and _ counting twice`);
/** Lines of text a member writes: cleaned, then held to its length. */
const lines = (max: number, min = 1) =>
  z
    .string()
    .max(max * 2)
    .transform(cleanLines)
    .pipe(z.string().min(min).max(max));
const oneLine = (max: number) =>
  z
    .string()
    .max(max * 2)
    .transform(cleanText)
    .pipe(z.string().min(1).max(max));
/** zod's File type stands apart from the runtime's; what arrives is the runtime's File (a Blob). */
const formFile = () => z.file().transform((f) => f as unknown as Blob);
const files = z
  .union([formFile(), z.array(formFile())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .describe(`Up to ${CS_LIMITS.attachments} files: JPEG, PNG, GIF or WebP images (5 MB each) or PDF (10 MB), in order`);
const categoryId = z
  .string()
  .regex(/^\d$/)
  .transform(Number)
  .pipe(z.union(INQUIRY_CATEGORY_IDS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>]))
  .describe('1 account, 2 payment, 3 luv and items, 4 broadcasting, 5 an error, 6 other');

export const csIdParamSchema = z.object({ id: decimalId });
export const csPageQuerySchema = z.object({ offset, limit });
export const csPostListQuerySchema = z.object({ offset, limit, title: titleFilter });
export const inquiryListQuerySchema = z.object({
  offset,
  limit,
  boardType: z.enum(INQUIRY_BOARD_TYPES).optional(),
  categoryId: categoryId.optional(),
  title: titleFilter,
});

/** POST /api/cs/inquiry-write (multipart). */
export const inquiryWriteFormSchema = z.object({
  boardType: z.enum(INQUIRY_BOARD_TYPES).default('QNA').describe('QNA: a question for the operator; PROPOSAL: a suggestion'),
  categoryId,
  title: oneLine(CS_LIMITS.titleLength),
  content: lines(CS_LIMITS.inquiryLength),
  files,
});
export type InquiryWriteForm = z.infer<typeof inquiryWriteFormSchema>;

/** POST /api/cs/declaration-post (multipart). */
export const declarationFormSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string().trim().min(1).max(60).describe("channel: the channel id; member and chat: the member's login ID (chat: the line's writer); board: the post id"),
  reason: z.enum(REPORT_REASONS),
  content: lines(CS_LIMITS.reportLength, 0).optional().describe("The reporter's words"),
  quote: oneLine(CS_LIMITS.quoteLength).optional().describe("chat: the reported line's words as the reporter saw them"),
  files,
});
export type DeclarationForm = z.infer<typeof declarationFormSchema>;

/** POST /api/cs/accountChange (multipart). */
export const accountChangeFormSchema = z.object({
  kind: z.enum(ACCOUNT_CHANGE_KINDS).describe('What should change'),
  content: lines(CS_LIMITS.accountChangeLength).describe('What it should become, and why'),
  files,
});
export type AccountChangeForm = z.infer<typeof accountChangeFormSchema>;

// ---- Answers.

export const csAttachmentSchema = z
  .object({ key: z.string(), url: z.string().describe('GET this path for the file (its writer and staff only)'), contentType: z.string(), size: id })
  .meta({ id: 'CsAttachment' });
export type CsAttachment = z.infer<typeof csAttachmentSchema>;

const memberRef = z.object({ loginId: z.string(), nickname: z.string() }).meta({ id: 'CsMemberRef' });
const attachments = z.array(csAttachmentSchema);
/** A page of `item`s, as every customer service list answers: the page asked for, the total and the items. */
const listOf = <T extends z.ZodType>(item: T, name: string) => listResponseSchema(item).meta({ id: name });

export const inquirySchema = z
  .object({
    id,
    boardType: z.enum(INQUIRY_BOARD_TYPES),
    categoryId: z.int().min(1).max(6),
    title: z.string(),
    content: z.string().describe('Plain text'),
    status: z.enum(['waiting', 'answered']),
    answer: z.string().nullable().describe("The operator's answer, plain text; null until answered"),
    answeredAt: epochMs.nullable(),
    createdAt: epochMs,
    attachments,
    member: memberRef.describe('Who wrote it'),
  })
  .meta({ id: 'Inquiry' });
export type Inquiry = z.infer<typeof inquirySchema>;
export const inquiryListResponseSchema = listOf(inquirySchema, 'InquiryList');
export type InquiryList = z.infer<typeof inquiryListResponseSchema>;

export const csPostSchema = z
  .object({
    id,
    kind: z.enum(CS_POST_KINDS),
    locale: z.enum(LOCALES).describe("The language of this text: the caller's, else Korean (the binding text)"),
    title: z.string(),
    body: z.string().describe('Plain text; lines are paragraphs'),
    createdAt: epochMs,
    updatedAt: epochMs,
  })
  .meta({ id: 'CsPost' });
export type CsPost = z.infer<typeof csPostSchema>;
export const csPostListResponseSchema = listOf(csPostSchema, 'CsPostList');
export type CsPostList = z.infer<typeof csPostListResponseSchema>;

export const reportSchema = z
  .object({
    source: z.enum(REPORT_SOURCES).describe('cs: filed by POST /api/cs/declaration-post (withdrawn by its id); message: a message reported by POST /api/my/messages/declaration/{id}'),
    id: id.describe('Per source'),
    targetType: z.enum(REPORT_KINDS),
    targetId: z.string().describe('message: the message id'),
    target: memberRef.nullable().describe('The member reported (a channel: its creator; a message: its sender), when the target names one'),
    reason: z.enum(REPORT_REASONS).describe('message: other'),
    content: z.string().describe("The reporter's words"),
    quote: z.string().nullable().describe("chat: the line's words as the reporter saw them; message: the message's words"),
    status: z.enum(['open', 'closed']),
    createdAt: epochMs,
    attachments,
  })
  .meta({ id: 'Declaration' });
export type Report = z.infer<typeof reportSchema>;
export const reportListResponseSchema = listOf(reportSchema, 'DeclarationList');
export type ReportList = z.infer<typeof reportListResponseSchema>;

export const accountChangeSchema = z
  .object({
    id,
    kind: z.enum(ACCOUNT_CHANGE_KINDS),
    content: z.string(),
    status: z.enum(['open', 'done', 'rejected']),
    note: z.string().nullable().describe("The operator's words, once handled"),
    createdAt: epochMs,
    handledAt: epochMs.nullable(),
    attachments,
    member: memberRef,
  })
  .meta({ id: 'AccountChange' });
export type AccountChange = z.infer<typeof accountChangeSchema>;
export const accountChangeListResponseSchema = listOf(accountChangeSchema, 'AccountChangeList');
export type AccountChangeList = z.infer<typeof accountChangeListResponseSchema>;

export const csDeletedResponseSchema = z.object({ id, deleted: z.literal(true) }).meta({ id: 'CsDeleted' });

// ---- Staff.

export const staffStatusQuerySchema = z.object({ offset, limit, status: z.enum(['open', 'handled', 'all']).default('open').describe('open: waiting for staff') });
export const inquiryAnswerRequestSchema = z.strictObject({ answer: lines(CS_LIMITS.answerLength) });
export const reportCloseParamSchema = z.object({ source: z.enum(REPORT_SOURCES), id: decimalId });
export const accountChangeDecisionSchema = z.strictObject({ status: z.enum(['done', 'rejected']), note: lines(CS_LIMITS.accountChangeLength, 0).optional() });
export const csPostWriteRequestSchema = z.strictObject({
  postId: id.optional().describe('Add or replace this language of an existing post; omitted: a new post'),
  kind: z.enum(CS_POST_KINDS),
  locale: z.enum(LOCALES).default('ko'),
  title: oneLine(CS_LIMITS.titleLength),
  body: lines(CS_LIMITS.postBodyLength),
});
export type CsPostWrite = z.infer<typeof csPostWriteRequestSchema>;

/** A report as staff see it: ours (cs) or a message report (POST /api/my/messages/declaration/{id}). */
export const staffReportSchema = z
  .object({
    source: z.enum(REPORT_SOURCES),
    id,
    targetType: z.enum(REPORT_KINDS),
    targetId: z.string(),
    target: memberRef.nullable(),
    reporter: memberRef,
    reason: z.string(),
    content: z.string(),
    quote: z.string().nullable(),
    status: z.enum(['open', 'closed']),
    createdAt: epochMs,
    attachments,
  })
  .meta({ id: 'StaffReport' });
export type StaffReport = z.infer<typeof staffReportSchema>;
export const staffReportListResponseSchema = listOf(staffReportSchema, 'StaffReportList');
export type StaffReportList = z.infer<typeof staffReportListResponseSchema>;
export const reportClosedResponseSchema = z.object({ source: z.enum(['cs', 'message']), id, status: z.literal('closed') }).meta({ id: 'ReportClosed' });

// ---- Page data.

export interface CsPostsPageData {
  title: string;
  kind: (typeof CS_POST_KINDS)[number];
  list: CsPostList | null;
  query: string;
}
export interface CsPostPageData {
  title: string;
  post: CsPost | null;
}
export interface PolicyPageData {
  title: string;
  policy: { title: string; body: string; locale: string } | null;
}
export interface CsDeskPageData {
  title: string;
  view: 'inquiries' | 'inquiry' | 'reports' | 'account-change';
  inquiries?: InquiryList | null;
  inquiry?: Inquiry | null;
  reports?: ReportList | null;
  changes?: AccountChangeList | null;
}
export interface StaffCsPageData {
  title: string;
  staff: boolean;
  inquiries: InquiryList | null;
  reports: StaffReportList | null;
  changes: AccountChangeList | null;
}
