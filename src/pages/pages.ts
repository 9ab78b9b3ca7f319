import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { buildPageProps, respond } from '../render/respond';
import { loadMe, loadPageData } from './load';
import { safeCallbackPath } from '../shared/callback-url';

/** Server-rendered pages: each loads its data, then renders (or answers its props as JSON). */
export const pages = new Hono<AppEnv>()
  .get('/', async (c) => {
    const [me, data] = await Promise.all([loadMe(c), loadPageData(c, async () => ({}))]);
    return respond(c, buildPageProps(c, 'HOME', data, me));
  })
  .get('/notices/maintenance', async (c) => {
    return respond(c, buildPageProps(c, 'MAINTENANCE', { title: c.var.t('maintenance.title') }));
  })
  .get('/signin', async (c) => {
    const callbackURL = safeCallbackPath(c.req.query('callbackURL'));
    return respond(c, buildPageProps(c, 'SIGNIN', { title: c.var.t('login.title'), callbackURL }, await loadMe(c)));
  });
