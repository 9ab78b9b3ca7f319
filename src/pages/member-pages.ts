import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import { EXPIRE_PATH, MY_LISTS_PATH } from '../shared/constants';
import { isMemberListTab, MEMBER_LIST_API, MEMBER_LIST_LIMIT, type MyListsPageData } from '../shared/member-lists';
import { loadMe, loadPageData } from './load';
import { pageSession } from './watch-load';

/** A login ID as the expiry page's query gives it (the sign-in that was refused); anything else asks for it. */
const loginIdOf = (value: string | undefined) => {
  const id = (value ?? '').trim();
  return id && id.length <= 40 ? id : null;
};

/** The expiry flow of a dormant account (open to guests) and the member's lists (members). */
export const memberPages = new Hono<AppEnv>()
  .get(EXPIRE_PATH, async (c) => respond(c, buildPageProps(c, 'EXPIRE', { title: c.var.t('member.expire.title'), loginId: loginIdOf(c.req.query('loginId')) }, await loadMe(c))))
  .get(MY_LISTS_PATH, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('member.lists.title');
    const requested = c.req.query('tab');
    const tab = isMemberListTab(requested) ? requested : 'subscriptions';
    const data = await loadPageData(c, async () => {
      const answer = await api(MEMBER_LIST_API[tab], { query: { offset: 0, limit: MEMBER_LIST_LIMIT } });
      return { title, tab, list: answer.ok ? answer.body : null } satisfies MyListsPageData;
    });
    // A failed load renders the tab empty; the list then loads in the browser.
    const props: MyListsPageData = { title, tab, list: data.list ?? null };
    return respond(c, buildPageProps(c, 'MY_LISTS', props, me));
  });
