import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { PAYOUT_STATUSES, type PayoutStatus, STAFF_PAYOUTS_PAGE_SIZE } from '../shared/payout-rules';
import type { StaffPayoutFilter, StaffPayoutsPageData, StaffWithdrawListResponse } from '../shared/payout-schemas';
import { STAFF_PATHS } from '../shared/staff-paths';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

const filterOf = (value: string | undefined): StaffPayoutFilter => (value === 'all' || PAYOUT_STATUSES.includes(value as PayoutStatus) ? (value as StaffPayoutFilter) : 'requested');
const offsetOf = (value: string | undefined) => (/^\d{1,6}$/.test(value ?? '') ? Number(value) : 0);

/**
 * The staff payouts page: withdrawals in one status (?status=, the queue of requests by default) a page at a
 * time (?offset=). Guests sign in first; members who are not staff get 403, as on the customer service desk.
 */
export const staffPages = new Hono<AppEnv>().get(STAFF_PATHS.payouts, async (c) => {
  const { me, api } = await pageSession(c);
  if (!me) return signinRedirect(c);
  const title = c.var.t('payouts.staff.title');
  const filter = filterOf(c.req.query('status'));
  const search = new URLSearchParams({ offset: String(offsetOf(c.req.query('offset'))), limit: String(STAFF_PAYOUTS_PAGE_SIZE), ...(filter === 'all' ? {} : { status: filter }) });
  const data = await loadPageData(c, async () => {
    const list = await api<StaffWithdrawListResponse>(`/api/admin/payouts?${search}`);
    // Only the API's 401/403 says "not staff"; another failure is staff's page saying the list did not load.
    return { title, staff: list.ok || (list.status !== 401 && list.status !== 403), filter, list: list.ok ? list.body : null } satisfies StaffPayoutsPageData;
  });
  c.header('cache-control', 'no-store');
  return respond(c, buildPageProps(c, 'STAFF_PAYOUTS', { ...data, title, filter }, me), (data as Partial<StaffPayoutsPageData>).staff ? 200 : 403);
});
