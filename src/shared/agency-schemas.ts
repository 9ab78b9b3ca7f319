// Agencies and their invites (docs/product/community.md, "Channel board": Agencies): shapes of
// the creator's calls under /api/my/agency-invites and the agency's own under /api/agency, as zod schemas.
import * as z from 'zod';
import { AGENCY_INVITE_DAYS, AGENCY_INVITE_STATUSES } from './agency';

const id = z.int().positive();
const epochMs = z.int().nonnegative();

export const agencyInviteSchema = z
  .object({
    inviteId: id,
    agency: z.object({ name: z.string(), loginId: z.string() }),
    channelId: id,
    creator: z.object({ loginId: z.string(), nickname: z.string() }),
    message: z.string(),
    status: z.enum(AGENCY_INVITE_STATUSES).describe('expired: left unanswered past expiresAt'),
    contractUrl: z.string().nullable().describe('The contract (PDF), when the agency attached one: POST it to /api/my/agency-invites/download-url for a signed link'),
    createdAt: epochMs,
    expiresAt: epochMs,
    readAt: epochMs.nullable(),
    respondedAt: epochMs.nullable(),
  })
  .meta({ id: 'AgencyInvite' });

export const agencyInviteListSchema = z
  .object({
    items: z.array(agencyInviteSchema).describe('Newest first, at most 50'),
    agency: z.object({ name: z.string(), loginId: z.string() }).nullable().describe("The agency the member's channel belongs to now"),
  })
  .meta({ id: 'AgencyInviteList' });

export const agencyHasNewSchema = z.object({ hasNew: z.boolean(), count: z.int().nonnegative().describe('Pending invites not opened yet') }).meta({ id: 'AgencyInvitesHasNew' });

export const agencyRespondRequestSchema = z.object({ type: z.enum(['accept', 'decline']) });

export const contractDownloadRequestSchema = z.object({ url: z.string().min(1).max(300).describe("An invite's contractUrl") });
export const contractDownloadResponseSchema = z.object({ url: z.string().describe('GET it (no session needed) before it expires'), expiresAt: epochMs }).meta({ id: 'AgencyContractDownload' });

/** The agency's page: the invites it sent. */
export const sentInviteListSchema = z.object({ agency: z.object({ name: z.string(), loginId: z.string() }), items: z.array(agencyInviteSchema) }).meta({ id: 'AgencySentInvites' });

const formDays = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .pipe(z.number().int().min(AGENCY_INVITE_DAYS.min).max(AGENCY_INVITE_DAYS.max));

/** POST /api/agency/invites (multipart). */
export const agencyInviteFormSchema = z.object({
  loginId: z.string().trim().min(1).max(40).describe("The creator's login ID"),
  message: z.string().trim().max(1000).default(''),
  days: formDays.optional().describe(`Days the invite stays open (${AGENCY_INVITE_DAYS.min}-${AGENCY_INVITE_DAYS.max}, default ${AGENCY_INVITE_DAYS.default})`),
  contract: z
    .file()
    .transform((f) => f as unknown as Blob)
    .optional()
    .describe('The contract, a PDF (10 MB at most)'),
});

// ---- staff (P and O members): agencies and the invites of any agency ----------------------------------

const loginIdSchema = z.string().trim().min(1).max(40);

/** POST /api/admin/agencies: make a member an agency account, or rename theirs. */
export const agencyGrantRequestSchema = z.strictObject({ loginId: loginIdSchema, name: z.string().trim().min(1).max(40).describe("The agency's name (unique)") });
export const staffAgencySchema = z
  .object({ loginId: z.string(), name: z.string(), channels: z.int().nonnegative().describe('Channels that belong to it'), createdAt: epochMs })
  .meta({ id: 'StaffAgency' });
export const staffAgencyListSchema = z.object({ items: z.array(staffAgencySchema) }).meta({ id: 'StaffAgencyList' });

/** GET /api/admin/agency-invites?agency=<loginId>: newest first, at most 100. */
export const staffInviteQuerySchema = z.object({ agency: loginIdSchema.optional().describe("An agency's login ID; without it, every agency's") });
/** POST /api/admin/agency-invites (multipart): an invite as the agency's page sends it, on the agency's behalf. */
export const staffInviteFormSchema = agencyInviteFormSchema.extend({ agencyLoginId: loginIdSchema.describe("The agency's login ID") });
export const staffInviteListSchema = z.object({ items: z.array(agencyInviteSchema) }).meta({ id: 'StaffAgencyInvites' });

export type AgencyGrantRequest = z.infer<typeof agencyGrantRequestSchema>;
export type StaffAgency = z.infer<typeof staffAgencySchema>;
export type StaffAgencyList = z.infer<typeof staffAgencyListSchema>;
export type StaffInviteForm = z.infer<typeof staffInviteFormSchema>;
export type StaffInviteList = z.infer<typeof staffInviteListSchema>;

export type AgencyInvite = z.infer<typeof agencyInviteSchema>;
export type AgencyInviteList = z.infer<typeof agencyInviteListSchema>;
export type AgencyHasNew = z.infer<typeof agencyHasNewSchema>;
export type ContractDownload = z.infer<typeof contractDownloadResponseSchema>;
export type SentInviteList = z.infer<typeof sentInviteListSchema>;
export type AgencyInviteForm = z.infer<typeof agencyInviteFormSchema>;
