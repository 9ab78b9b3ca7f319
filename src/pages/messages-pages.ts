import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import type { ApiAnswer } from '../proxy/caller';
import { CONVERSATION_LIMIT, MESSAGE_PAGE_LIMIT, MESSAGES_PATHS } from '../shared/message-limits';
import type { MessagesPageData, MyPageData } from '../shared/message-schemas';
import { loadPageData } from './load';
import { pageSession } from './watch-load';

const bodyOf = <T>(answer: ApiAnswer<T>): T | null => (answer.ok ? answer.body : null);
/** A login ID as the page's query gives it; anything else opens no conversation. */
const withOf = (c: Context<AppEnv>) => {
  const value = (c.req.query('with') ?? '').trim();
  return value && value.length <= 40 ? value : null;
};

/** The messages page and my page (members; a guest goes to sign-in and comes back). */
export const messagesPages = new Hono<AppEnv>()
  .get(MESSAGES_PATHS.MESSAGES, async (c) => {
    if (!c.var.brand.features.messages) return c.notFound();
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('messages.title');
    const partner = withOf(c);
    const data = await loadPageData(c, async () => {
      const [conversations, thread, blocks] = await Promise.all([
        api('/v2/api/my/messages', { query: { offset: 0, limit: MESSAGE_PAGE_LIMIT } }),
        partner ? api('/v2/api/my/messages-list', { query: { targetId: partner, limit: CONVERSATION_LIMIT } }) : null,
        api('/api/my/member-messages-blackList'),
      ]);
      return { title, conversations: bodyOf(conversations), with: partner, thread: thread ? bodyOf(thread) : null, blocks: bodyOf(blocks) } satisfies MessagesPageData;
    });
    return respond(c, buildPageProps(c, 'MESSAGES', { ...data, title }, me));
  })
  .get(MESSAGES_PATHS.MY_PAGE, async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('settings.title');
    const data = await loadPageData(c, async () => {
      const answer = bodyOf(await api('/api/my/profile'));
      const p = answer?.profile;
      return {
        title,
        profile: p ? { loginId: p.loginId, nickname: p.nickname, identityVerified: p.identityVerified, createdAt: p.createdAt, avatarUrl: p.avatarUrl, settings: p.settings } : null,
      } satisfies MyPageData;
    });
    return respond(c, buildPageProps(c, 'MY_PAGE', { ...data, title }, me));
  });
