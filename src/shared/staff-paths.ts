// The staff pages (P and O members), linked to each other by the staff nav (client/components/staff/StaffNav.tsx).
import { CS_PATHS } from './cs-paths';

export const STAFF_PATHS = { console: '/staff', cs: CS_PATHS.staff, payouts: '/staff/payouts', content: '/staff/content', clips: '/staff/clips' } as const;
export type StaffPage = keyof typeof STAFF_PATHS;

/** The staff console's API (src/api/routes/staff.ts). */
export const STAFF_API_PATHS = {
  sanctions: '/api/admin/sanctions',
  lift: '/api/admin/sanctions/:id/lift',
  members: '/api/admin/members',
  audit: '/api/admin/audit',
  dormant: '/api/admin/dormant',
  coupons: '/api/admin/coupons',
  agencies: '/api/admin/agencies',
  agencyInvites: '/api/admin/agency-invites',
  clips: '/api/admin/clips',
  clipDelete: '/api/admin/clips/:clipId/delete',
} as const;
