// Customer service (docs/product/community.md, "Customer service"): the kinds, categories and limits both the API and
// the client's forms use. No zod here: the client imports it (the shapes are in cs-schemas.ts).
import { CS_PATHS } from './cs-paths';

export { CS_PATHS };

/** Inquiry boards: a question for the operator (QNA, the 1:1 inquiry) or a suggestion (PROPOSAL). */
export const INQUIRY_BOARD_TYPES = ['QNA', 'PROPOSAL'] as const;
export type InquiryBoardType = (typeof INQUIRY_BOARD_TYPES)[number];

/** Inquiry categories, by id: account, payment, luv and items, broadcasting, an error, anything else. */
export const INQUIRY_CATEGORIES = { 1: 'account', 2: 'payment', 3: 'luv', 4: 'broadcast', 5: 'error', 6: 'other' } as const;
export type InquiryCategoryId = keyof typeof INQUIRY_CATEGORIES;
export const INQUIRY_CATEGORY_IDS = Object.keys(INQUIRY_CATEGORIES).map(Number) as InquiryCategoryId[];

/** What a member may report, from where it is shown. */
export const REPORT_TARGET_TYPES = ['channel', 'chat', 'member', 'board'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a member's reports are about: those filed here, and the messages (쪽지) they reported from their inbox. */
export const REPORT_KINDS = [...REPORT_TARGET_TYPES, 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** Where a report is kept: ours (cs_reports) or a message report (message_reports); ids are per source. */
export const REPORT_SOURCES = ['cs', 'message'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_REASONS = ['spam', 'abuse', 'sexual', 'illegal', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Account details a member may ask the operator to change. */
export const ACCOUNT_CHANGE_KINDS = ['name', 'phone', 'birthday', 'gender', 'other'] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

/** The platform's reading: notices, developer notices and guides. */
export const CS_POST_KINDS = ['notice', 'develop-notice', 'guide'] as const;
export type CsPostKind = (typeof CS_POST_KINDS)[number];

export const CS_LIMITS = {
  titleLength: 100,
  inquiryLength: 3000,
  answerLength: 3000,
  reportLength: 1000,
  quoteLength: 500,
  accountChangeLength: 1000,
  postBodyLength: 10_000,
  /** Files one inquiry, report or request carries (images or PDF). */
  attachments: 4,
  /** Reports a member may file in an hour: more is flooding the operator's list. */
  reportsPerHour: 10,
  /** Inquiries a member may write in an hour. */
  inquiriesPerHour: 10,
  pageLimit: 10,
  maxPageLimit: 50,
} as const;

/** The policy texts of GET /static/{file} with a page (/policies/{file}), in the order their pages list them. */
export const FOOTER_POLICIES = ['service-rules', 'privacy-rules', 'youth-protection', 'operating-policy'] as const;

/** The list page of each kind of post. */
export const CS_POST_PAGES: Record<CsPostKind, string> = { notice: CS_PATHS.notices, 'develop-notice': CS_PATHS.developNotices, guide: CS_PATHS.guides };

/** Where a private attachment is served (to its writer and staff only). */
export const csAttachmentUrl = (key: string) => `/api/cs/attachments/${key}`;

/** Text a member writes over several lines: control characters and bidi overrides go, line breaks stay. */
export function cleanLines(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this strips
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
