import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { PAYOUT_STATUSES, type PayoutStatus, STAFF_PAYOUTS_PAGE_SIZE } from '../shared/payout-rules';
import type { StaffPayoutFilter, StaffPayoutsPageData } from '../shared/payout-schemas';
import { STAFF_PATHS } from '../shared/staff-paths';
import type { StaffConsolePageData } from '../shared/sanction-schemas';
import { STAFF_CLIPS_PAGE, type StaffClipsPageData } from '../shared/clip-schemas';
import { CHANNEL_SETTINGS_PATHS } from '../shared/streams-api';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

const filterOf = (value: string | undefined): StaffPayoutFilter => (value === 'all' || PAYOUT_STATUSES.includes(value as PayoutStatus) ? (value as StaffPayoutFilter) : 'requested');
const offsetOf = (value: string | undefined) => (/^\d{1,6}$/.test(value ?? '') ? Number(value) : 0);

/**
 * The staff payouts page: withdrawals in one status (?status=, the queue of requests by default) a page at a
 * time (?offset=). Guests sign in first; members who are not staff get 403, as on the customer service desk.
 */
const CONSOLE_REPORTS = 20;
const CONSOLE_AUDIT = 30;
const queryOf = (value: string | undefined) => (value ?? '').trim().slice(0, 50);

/**
 * The staff console (P and O members): the open reports with one-click sanctions, a member looked up by login ID
 * or nickname (?q=), the channel switches and the audit log. Guests sign in first; other members get 403.
 */
export const staffPages = new Hono<AppEnv>()
  .get(STAFF_PATHS.console, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('staff.console.title');
    const query = queryOf(c.req.query('q'));
    const data = await loadPageData(c, async () => {
      const [reports, lookup, switches, audit] = await Promise.all([
        api('/api/admin/cs/reports', { query: { status: 'open', limit: CONSOLE_REPORTS } }),
        query ? api('/api/admin/members', { query: { q: query } }) : null,
        api(CHANNEL_SETTINGS_PATHS.guest, { headers: { 'cache-control': 'no-cache' } }),
        api('/api/admin/audit', { query: { limit: CONSOLE_AUDIT } }),
      ]);
      const staff = reports.ok || (reports.status !== 401 && reports.status !== 403);
      return {
        title,
        staff,
        query,
        reports: reports.ok ? reports.body : null,
        lookup: staff && lookup?.ok ? lookup.body : null,
        switches: staff && switches.ok ? switches.body : null,
        audit: audit.ok ? audit.body : null,
      } satisfies StaffConsolePageData;
    });
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'STAFF_CONSOLE', { ...data, title, query }, me), data.staff ? 200 : 403);
  })
  .get(STAFF_PATHS.payouts, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('payouts.staff.title');
    const filter = filterOf(c.req.query('status'));
    const search = { offset: offsetOf(c.req.query('offset')), limit: STAFF_PAYOUTS_PAGE_SIZE, status: filter === 'all' ? undefined : filter };
    const data = await loadPageData(c, async () => {
      const list = await api('/api/admin/payouts', { query: search });
      // Only the API's 401/403 says "not staff"; another failure is staff's page saying the list did not load.
      return { title, staff: list.ok || (list.status !== 401 && list.status !== 403), filter, list: list.ok ? list.body : null } satisfies StaffPayoutsPageData;
    });
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'STAFF_PAYOUTS', { ...data, title, filter }, me), data.staff ? 200 : 403);
  })
  .get(STAFF_PATHS.clips, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('staff.clips.title');
    const query = queryOf(c.req.query('q'));
    const data = await loadPageData(c, async () => {
      const list = await api('/api/admin/clips', { query: { q: query || undefined, offset: offsetOf(c.req.query('offset')), limit: STAFF_CLIPS_PAGE } });
      return { title, staff: list.ok || (list.status !== 401 && list.status !== 403), query, list: list.ok ? list.body : null } satisfies StaffClipsPageData;
    });
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'STAFF_CLIPS', { ...data, title, query }, me), data.staff ? 200 : 403);
  });
