import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import type { StaffContentPageData } from '../shared/home-content-schemas';
import { STAFF_PATHS } from '../shared/staff-paths';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

/**
 * The staff page for home content: every brand's banners, popups, themes and logos with their forms. Guests sign
 * in first; members who are not staff get 403, as on the other staff pages.
 */
export const staffContentPage = new Hono<AppEnv>().get(STAFF_PATHS.content, async (c) => {
  const { me, api } = await pageSession(c);
  if (!me) return signinRedirect(c);
  const title = c.var.t('staffContent.title');
  const data = await loadPageData(c, async () => {
    const content = await api('/api/admin/home-content');
    // Only the API's 401/403 says "not staff"; another failure is staff's page saying the content did not load.
    return { title, staff: content.ok || (content.status !== 401 && content.status !== 403), content: content.ok ? content.body : null } satisfies StaffContentPageData;
  });
  c.header('cache-control', 'no-store');
  return respond(c, buildPageProps(c, 'STAFF_CONTENT', { ...data, title }, me), data.staff ? 200 : 403);
});
