// The staff pages (P and O members), linked to each other by the staff nav (client/components/staff/StaffNav.tsx).
import { CS_PATHS } from './cs-rules';

export const STAFF_PATHS = { cs: CS_PATHS.staff, payouts: '/staff/payouts', content: '/staff/content' } as const;
export type StaffPage = keyof typeof STAFF_PATHS;
