import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { apiJson, callerOf, type ApiAnswer, type RouteInput } from '../proxy/caller';
import { routeUrl } from '../shared/api-routes';
import { CS_PATHS, CS_POST_PAGES, type CsPostKind } from '../shared/cs-rules';
import type { CsDeskPageData, CsPostList, CsPostPageData, CsPostsPageData, StaffCsPageData } from '../shared/cs-schemas';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

const bodyOf = <T>(answer: ApiAnswer<T>): T | null => (answer.ok ? answer.body : null);
const API_LIST: Record<CsPostKind, string> = { notice: '/api/cs/notice-list', 'develop-notice': '/api/cs/develop-notice-list', guide: '/api/cs/guide-list' };
const TITLE_KEY: Record<CsPostKind, string> = { notice: 'cs.notices', 'develop-notice': 'cs.developNotices', guide: 'cs.guides' };
/** The policy files the API has a text of. */
type PolicyFile = RouteInput<'GET', '/static/:file'>['param']['file'];
const numberParam = (c: Context<AppEnv>) => (/^[1-9]\d{0,14}$/.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : null);
const offsetOf = (c: Context<AppEnv>) => (/^\d{1,6}$/.test(c.req.query('offset') ?? '') ? Number(c.req.query('offset')) : 0);

/** The list of one kind of post, with the title search of the query (?title=). */
function postsPage(kind: CsPostKind) {
  return async (c: Context<AppEnv>) => {
    const { me } = await pageSession(c);
    const title = c.var.t(TITLE_KEY[kind]);
    const query = (c.req.query('title') ?? '').trim().slice(0, 50);
    const search = { offset: offsetOf(c), limit: 10, title: query || undefined };
    // The three lists are registered in a loop (src/api/routes/cs.ts), so no route types them: the answer is ours to say.
    const list = async () => bodyOf(await apiJson<CsPostList>(c, callerOf(c), routeUrl(API_LIST[kind], { query: search })));
    const data = await loadPageData(c, async () => ({ title, kind, query, list: await list() }) satisfies CsPostsPageData);
    return respond(c, buildPageProps(c, 'CS_POSTS', { ...data, title, kind, query }, me));
  };
}

/** A member's desk: one view of their inquiries, reports or account change requests (guests sign in first). */
function deskPage(view: CsDeskPageData['view'], load: (api: Awaited<ReturnType<typeof pageSession>>['api'], c: Context<AppEnv>) => Promise<Partial<CsDeskPageData>>) {
  return async (c: Context<AppEnv>) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t(`cs.desk.${view}`);
    const data = await loadPageData(c, async () => ({ title, view, ...(await load(api, c)) }));
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'CS_DESK', { ...data, title, view }, me));
  };
}

/** Customer service pages: the platform's reading, the member's desk and the staff page. */
export const csPages = new Hono<AppEnv>()
  .get('/cs', (c) => c.redirect(CS_PATHS.notices, 302))
  .get(CS_POST_PAGES.notice, postsPage('notice'))
  .get(CS_POST_PAGES['develop-notice'], postsPage('develop-notice'))
  .get(CS_POST_PAGES.guide, postsPage('guide'))
  .get('/cs/posts/:id', async (c) => {
    const { me, api } = await pageSession(c);
    const id = numberParam(c);
    const data = await loadPageData(c, async () => ({ title: '', post: id ? bodyOf(await api('/api/cs/post-detail/:id', { param: { id } })) : null }) satisfies CsPostPageData);
    const title = data.post?.title ?? c.var.t('cs.title');
    return respond(c, buildPageProps(c, 'CS_POST', { ...data, title }, me), data.post ? 200 : 404);
  })
  // A policy text (GET /static/{file}) as a page of its own: the footer links here.
  .get('/policies/:file', async (c) => {
    const { me, api } = await pageSession(c);
    const file = c.req.param('file');
    const data = await loadPageData(c, async () => ({
      title: '',
      // The API refuses (400) a file it has no text of; the page is then not found.
      policy: /^[a-z-]{1,40}$/.test(file) ? bodyOf(await api('/static/:file', { param: { file: file as PolicyFile } })) : null,
    }));
    const policy = data.policy ?? null;
    return respond(c, buildPageProps(c, 'POLICY', { ...data, title: policy?.title ?? c.var.t('cs.footer.policies') }, me), policy ? 200 : 404);
  })
  .get(
    CS_PATHS.inquiries,
    deskPage('inquiries', async (api) => ({ inquiries: bodyOf(await api('/v2/api/cs/inquiry-list', { query: { offset: 0, limit: 20 } })) })),
  )
  .get(
    '/cs/inquiries/:id',
    deskPage('inquiry', async (api, c) => {
      const id = numberParam(c);
      return { inquiry: id ? bodyOf(await api('/api/cs/inquiry-detail/:id', { param: { id } })) : null };
    }),
  )
  .get(
    CS_PATHS.reports,
    deskPage('reports', async (api) => ({ reports: bodyOf(await api('/api/cs/declaration-list', { query: { offset: 0, limit: 20 } })) })),
  )
  .get(
    CS_PATHS.accountChange,
    deskPage('account-change', async (api) => ({ changes: bodyOf(await api('/api/cs/accountChange-list', { query: { offset: 0, limit: 20 } })) })),
  )
  .get(CS_PATHS.staff, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('cs.staff.title');
    const data = await loadPageData(c, async () => {
      const [inquiries, reports, changes] = await Promise.all([
        api('/api/admin/cs/inquiries', { query: { status: 'open', limit: 50 } }),
        api('/api/admin/cs/reports', { query: { status: 'open', limit: 50 } }),
        api('/api/admin/cs/account-changes', { query: { status: 'open', limit: 50 } }),
      ]);
      return { title, staff: inquiries.ok, inquiries: bodyOf(inquiries), reports: bodyOf(reports), changes: bodyOf(changes) } satisfies StaffCsPageData;
    });
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'STAFF_CS', { ...data, title }, me), data.staff ? 200 : 403);
  });
