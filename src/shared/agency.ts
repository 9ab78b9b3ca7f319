// Agency invites: the constants both ends read (no zod: the client's pages import it).

export const AGENCY_INVITE_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type AgencyInviteStatus = (typeof AGENCY_INVITE_STATUSES)[number];

/** How long an invite stays open, in days. */
export const AGENCY_INVITE_DAYS = { min: 1, max: 30, default: 14 } as const;
/** A signed contract link works this long. */
export const CONTRACT_LINK_TTL_MS = 5 * 60 * 1000;

export const AGENCY_PATHS = {
  hasNew: '/api/my/agency-invites/has-new',
  mine: '/api/my/agency-invites/me',
  one: (id: number) => `/api/my/agency-invites/${id}`,
  respond: (id: number) => `/api/my/agency-invites/${id}/respond`,
  downloadUrl: '/api/my/agency-invites/download-url',
  sent: '/api/agency/invites',
  /** A contract's reference (answers nothing without a signature). */
  contract: (key: string) => `/api/agency-contracts/${key}`,
} as const;

/** The site's pages: the creator's invites and the agency's own. */
export const AGENCY_PAGE_PATHS = { invites: '/my/agency-invites', agency: '/agency' } as const;
