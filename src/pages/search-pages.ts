import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { normalizeQuery, queryProblem, SEARCH_PATH, SEARCH_TABS, searchHref, type SearchTab } from '../shared/search';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

const OFFSET = /^\d{1,6}$/;

/**
 * The results page, /search?q=<words>&tab=<kind>&offset=<n>: a URL to share. Without the script the header's box
 * posts its words here and is sent to that URL (303); no form submits by GET.
 */
export const searchPages = new Hono<AppEnv>()
  .get(SEARCH_PATH, async (c) => {
    const q = normalizeQuery(c.req.query('q') ?? '');
    const tabAsked = c.req.query('tab') ?? 'all';
    const tab: SearchTab = (SEARCH_TABS as readonly string[]).includes(tabAsked) ? (tabAsked as SearchTab) : 'all';
    const offsetAsked = c.req.query('offset') ?? '0';
    const offset = tab !== 'all' && OFFSET.test(offsetAsked) ? Number(offsetAsked) : 0;
    const { me, api } = await pageSession(c);
    const title = q ? c.var.t('search.heading', { q }) : c.var.t('search.title');
    // No words yet: the page asks for them. Words out of bounds: the page says what to change, and nothing is asked.
    const problem = q ? queryProblem(q) : null;
    if (!q || problem) return respond(c, buildPageProps(c, 'SEARCH', { title, q, tab, now: Date.now(), results: null, problem: problem ? c.var.t(problem) : null }, me));
    const data = await loadPageData(c, async () => {
      const answer = await api('/api/search', { query: { q, tab, offset: String(offset) } });
      if (!answer.ok || !answer.body) throw new Error(`search answered ${answer.status}`);
      return { results: answer.body, problem: null };
    });
    return respond(c, buildPageProps(c, 'SEARCH', { title, q, tab, now: Date.now(), ...data }, me));
  })
  .post(SEARCH_PATH, async (c) => {
    // Only the box's own field goes into the URL. Another form of this page posted natively (the sign-in's) is sent
    // back to the page as every page's is (src/pages/form-posts.ts): its fields in neither the Location nor a log.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (typeof form.q !== 'string' || Object.keys(form).length !== 1) return c.redirect(SEARCH_PATH + new URL(c.req.url).search, 303);
    const q = normalizeQuery(form.q).slice(0, 200);
    return c.redirect(q ? searchHref(q) : SEARCH_PATH, 303);
  });
