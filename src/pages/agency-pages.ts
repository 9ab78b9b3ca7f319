import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { AGENCY_PAGE_PATHS } from '../shared/agency';
import { pageSession } from './watch-load';

/**
 * The creator's agency invites and the agency's own page (members; a guest goes to sign-in and comes back).
 * Their data is the member's own and changes with every answer: the pages fetch it after hydration.
 */
export const agencyPages = new Hono<AppEnv>()
  .get(AGENCY_PAGE_PATHS.invites, async (c) => {
    // A brand without agency invites has neither page (its proxy refuses their calls too).
    if (!c.var.brand.features.agencyInvites) return c.notFound();
    const { me } = await pageSession(c);
    if (!me) return signinRedirect(c);
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'AGENCY_INVITES', { title: c.var.t('agency.invites.title') }, me));
  })
  .get(AGENCY_PAGE_PATHS.agency, async (c) => {
    if (!c.var.brand.features.agencyInvites) return c.notFound();
    const { me } = await pageSession(c);
    if (!me) return signinRedirect(c);
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'AGENCY', { title: c.var.t('agency.page.title') }, me));
  });
