// The staff console's calls (P and O members): sanctions on a member, the member lookup and the staff audit log, as
// zod schemas (the OpenAPI document comes from them). The rules are src/api/services/sanctions.ts.

import * as z from 'zod';
import { cleanLines } from './cs-rules';

const id = z.int().positive();
const epochMs = z.int().nonnegative();
const decimalId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

export const SANCTION_KINDS = ['warn', 'mute', 'suspend', 'block'] as const;
export type SanctionKindName = (typeof SANCTION_KINDS)[number];
/** How long a mute (hours) or a suspension (days) may be asked for at once. */
export const SANCTION_LIMITS = { muteHours: 24 * 30, suspendDays: 365, reasonLength: 400, queryLength: 50 } as const;
export const STAFF_LOOKUP_LIMIT = 10;
export const STAFF_AUDIT_PAGE = 50;

const reason = z
  .string()
  .max(SANCTION_LIMITS.reasonLength * 2)
  .transform(cleanLines)
  .pipe(z.string().min(1).max(SANCTION_LIMITS.reasonLength));
const reportRef = z.strictObject({ source: z.enum(['cs', 'message']), id }).describe('The open report this sanction answers: closed in the same batch');

/** One kind, with the length only the kinds that last take. */
export const sanctionRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('warn'), loginId: z.string().min(1).max(100), reason, report: reportRef.optional() }),
  z.strictObject({ kind: z.literal('mute'), loginId: z.string().min(1).max(100), reason, hours: z.int().min(1).max(SANCTION_LIMITS.muteHours), report: reportRef.optional() }),
  z.strictObject({ kind: z.literal('suspend'), loginId: z.string().min(1).max(100), reason, days: z.int().min(1).max(SANCTION_LIMITS.suspendDays), report: reportRef.optional() }),
  z.strictObject({ kind: z.literal('block'), loginId: z.string().min(1).max(100), reason, report: reportRef.optional() }),
]);
export type SanctionRequest = z.infer<typeof sanctionRequestSchema>;

export const sanctionIdParamSchema = z.object({ id: decimalId });

export const memberRefSchema = z.object({ loginId: z.string(), nickname: z.string() });

export const sanctionSchema = z
  .object({
    id,
    member: memberRefSchema,
    kind: z.enum(SANCTION_KINDS),
    reason: z.string(),
    startsAt: epochMs,
    endsAt: epochMs.nullable().describe('null: for good (block), or no duration (warn)'),
    by: z.string().nullable().describe("The staff member's login ID"),
    report: reportRef.nullable(),
    liftedAt: epochMs.nullable(),
    liftedBy: z.string().nullable(),
    inForce: z.boolean().describe('Not lifted, not ended, and of a kind that lasts'),
  })
  .meta({ id: 'Sanction' });
export type Sanction = z.infer<typeof sanctionSchema>;

/** What a member may do now, as the sanctions in force decide. */
export const standingSchema = z
  .object({
    blocked: z.boolean().describe('Sign-in refused for good (423)'),
    suspendedUntil: epochMs.nullable().describe('Sign-in refused (423) until then'),
    mutedUntil: epochMs.nullable().describe('Chat refused in every room until then'),
  })
  .meta({ id: 'MemberStanding' });
export type Standing = z.infer<typeof standingSchema>;

export const sanctionResponseSchema = z.object({ sanction: sanctionSchema, standing: standingSchema }).meta({ id: 'SanctionResult' });
export type SanctionResponse = z.infer<typeof sanctionResponseSchema>;

export const dormantRequestSchema = z.strictObject({ loginId: z.string().min(1).max(100) });
export const dormantResponseSchema = z
  .object({ loginId: z.string(), lastLoginAt: epochMs.describe('A year and a day ago: the account is dormant until its owner wakes it') })
  .meta({ id: 'DormantResult' });

export const memberLookupQuerySchema = z.object({ q: z.string().trim().min(1).max(SANCTION_LIMITS.queryLength).describe('A login ID or nickname, or the start of one') });

export const memberSummarySchema = memberRefSchema.extend({ role: z.string(), standing: standingSchema, createdAt: epochMs, lastLoginAt: epochMs.nullable() }).meta({ id: 'StaffMemberSummary' });
export type MemberSummary = z.infer<typeof memberSummarySchema>;

const paymentSchema = z.object({ orderId: z.string(), orderName: z.string(), amount: z.int(), luv: z.int(), method: z.string(), status: z.int(), createdAt: epochMs, refundedAmount: z.int() });
const reportAboutSchema = z.object({
  source: z.enum(['cs', 'message']),
  id,
  reason: z.string(),
  content: z.string(),
  quote: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: epochMs,
  reporter: z.string(),
});

export const memberLookupResponseSchema = z
  .object({
    matches: z.array(memberSummarySchema).max(STAFF_LOOKUP_LIMIT),
    member: memberSummarySchema
      .extend({ sanctions: z.array(sanctionSchema), payments: z.array(paymentSchema), reports: z.array(reportAboutSchema) })
      .nullable()
      .describe('The member whose login ID or nickname is q exactly, in full'),
  })
  .meta({ id: 'StaffMemberLookup' });
export type MemberLookup = z.infer<typeof memberLookupResponseSchema>;
export type MemberDetail = NonNullable<MemberLookup['member']>;

export const auditQuerySchema = z.object({
  beforeId: decimalId.optional().describe('Rows older than this id (the next page)'),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.int().min(1).max(200))
    .default(STAFF_AUDIT_PAGE),
});
export const auditRowSchema = z
  .object({ id, at: epochMs, actor: z.string().nullable(), action: z.string(), targetType: z.string(), targetId: z.string(), before: z.unknown(), after: z.unknown() })
  .meta({ id: 'StaffAuditRow' });
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditListResponseSchema = z.object({ items: z.array(auditRowSchema) }).meta({ id: 'StaffAuditList' });
export type AuditList = z.infer<typeof auditListResponseSchema>;

/** The staff console page's data (/staff): the open reports, a member looked up (?q=), the switches and the audit log. */
export interface StaffConsolePageData {
  title: string;
  staff: boolean;
  reports: import('./cs-schemas').StaffReportList | null;
  query: string;
  lookup: MemberLookup | null;
  switches: import('./streams-api').ChannelSettings | null;
  audit: AuditList | null;
}
