import { PAGE_DEFAULTS } from '../shared/paging';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import {
  MY_LISTS,
  type CasterData,
  type ChannelData,
  type ClipData,
  type HomeData,
  type Me,
  type MyListData,
  type MyListKey,
  type PageProps,
  type ThemeData,
  type VodData,
} from '../shared/page-props';
import type { Banner, Logo, StreamDetail, Theme } from '../shared/streams-api';
import { REPLAY_LAG_MS, REPLAY_LANDING, landedStretch, type ReplayStretch } from '../shared/chat-replay-schemas';
import { CLIP_ID_PATTERN } from '../shared/clip-limits';
import { loadPageData } from './load';
import { deviceOf, guestApi, guestViewerApi, loadMeRemembered, pageSession, type Api } from './watch-load';
import type { ApiAnswer } from '../proxy/caller';
import { signinRedirect } from '../middleware/gate';
import { channelSettings } from '../proxy/channel-settings';
import { PAGE_SCOPES } from '../edge-cache';
import { guestPage, memberPage, noDepend, sharedGuestProps, type Depend, type PageBuild } from './guest-cache';

const seg = encodeURIComponent;
/** Path segments we pass on to the API: bounded, so a garbage URL is a 404 and not an API error. */
const LOGIN_ID = /^[A-Za-z0-9_.-]{1,40}$/;
const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;
const THEME_CODE = /^[a-z0-9_-]{1,40}$/;

function notFound(c: Context<AppEnv>, me: Me | null = null) {
  return respond(c, buildPageProps(c, 'NOT_FOUND', { title: c.var.t('notFound.title') }, me), 404);
}

/** An API list answer, whether it comes bare or as ListResponse's `items`. */
function itemsOf<T>(answer: ApiAnswer<unknown>): T[] {
  if (!answer.ok || !answer.body) return [];
  const body = answer.body as T[] | { items?: T[] };
  return Array.isArray(body) ? body : Array.isArray(body.items) ? body.items : [];
}

/** A missing thing (404) or one the API refuses to look up (400): the page does not exist. */
const missing = (answer: ApiAnswer<unknown>) => answer.status === 404 || answer.status === 400;

async function myList(c: Context<AppEnv>, key: MyListKey) {
  const { me, api } = await pageSession(c);
  if (!me) return signinRedirect(c);
  const title = c.var.t(`lists.${key}.title`);
  const data = await loadPageData(c, async () => {
    const list = await api(MY_LISTS[key].api, { query: { offset: 0, limit: PAGE_DEFAULTS.streamLimit } });
    if (!list.ok || !list.body) throw new Error(`${MY_LISTS[key].api} answered ${list.status}`);
    return { title, list: list.body, now: Date.now() } satisfies MyListData;
  });
  return respond(c, buildPageProps(c, key, { title, ...data }, me));
}

/**
 * The home page as every guest sees it (the edge cache keeps it, and a member's home starts from it):
 * complete only when all three calls answered.
 */
async function homePage(c: Context<AppEnv>, depend: Depend): Promise<PageBuild> {
  await depend(PAGE_SCOPES.lists);
  const api = guestApi(c);
  let complete = false;
  const data = await loadPageData(c, async () => {
    const [main, banners, logos] = await Promise.all([api('/api/my/view-main', { query: { device: deviceOf(c) } }), api('/api/guest/banners-newstyle'), api('/api/guest/logo-list')]);
    complete = main.ok && banners.ok && logos.ok;
    return { now: Date.now(), viewMain: main.ok ? main.body : null, newBanners: itemsOf<Banner>(banners), logos: itemsOf<Logo>(logos), viewMainIsShared: true } satisfies HomeData;
  });
  return { props: buildPageProps(c, 'HOME', data), complete };
}

/** A recording plays from its start: its chat replay's first stretch there, so the page shows it from its first paint. */
async function replayStart(api: Api, stream: StreamDetail): Promise<ReplayStretch | null> {
  if (stream.playback?.source !== 'flex' || stream.endedAt === null) return null;
  const at = stream.startedAt + REPLAY_LAG_MS;
  const until = at + REPLAY_LANDING.aheadMs;
  const param = { id: stream.streamId };
  const [before, ahead] = await Promise.all([
    api('/api/streams/:id/chat-replay', { param, query: { until: at, last: REPLAY_LANDING.shown } }),
    api('/api/streams/:id/chat-replay', { param, query: { from: at, until, limit: REPLAY_LANDING.aheadLines } }),
  ]);
  return before.ok && before.body && ahead.ok && ahead.body ? landedStretch(at, before.body.lines, ahead.body) : null;
}

/** A channel's page for `me` (null: a guest, whose page the edge cache may keep). */
async function channelPage(c: Context<AppEnv>, loginId: string, me: Me | null, api: Api, depend: Depend): Promise<PageBuild> {
  let complete = false;
  const found = await loadPageData(c, async () => {
    const channel = await api('/api/channels/channel-find', { query: { loginId } });
    if (missing(channel)) return { missing: true };
    if (!channel.ok || !channel.body) throw new Error(`channel-find answered ${channel.status}`);
    await depend(PAGE_SCOPES.channel(channel.body.channelId));
    // The settings from the edge's copy, as the page's own GET of them would answer.
    const [page, settings] = await Promise.all([api('/api/channels/:id/channel-page', { param: { id: channel.body.channelId } }), channelSettings(c)]);
    if (missing(page)) return { missing: true };
    if (!page.ok || !page.body) throw new Error(`channel-page answered ${page.status}`);
    // A signed playback URL (adult, password, seats) is one viewer's: such a page is never kept for others.
    complete = settings !== null && !page.body.live?.playback?.expiresAt;
    const title = page.body.live?.title ?? page.body.channel.title;
    return { title: `${title} - ${channel.body.nickname}`, loginId, channelPage: page.body, now: Date.now(), settings } satisfies ChannelData;
  });
  if ('missing' in found) return { response: notFound(c, me) };
  return { props: buildPageProps(c, 'CHANNEL', { title: c.var.t('channel.title'), loginId, ...found }, me), complete };
}

/** A theme's lives for `me`; the same for every guest (and member: nothing in it is their own). */
async function themePage(c: Context<AppEnv>, code: string, me: Me | null, api: Api, depend: Depend): Promise<PageBuild> {
  await depend(PAGE_SCOPES.lists);
  let complete = false;
  const data = await loadPageData(c, async () => {
    // view-main holds every live with its theme; there is no per-theme API call, so filter here.
    const main = await api('/api/my/view-main', { query: { device: deviceOf(c) } });
    if (!main.ok || !main.body) throw new Error(`view-main answered ${main.status}`);
    const theme = main.body.themes.find((one) => one.code === code);
    if (!theme) return { missing: true };
    complete = true;
    return { title: theme.name, code, themes: main.body.themes, lives: main.body.lives.filter((live) => live.themeCode === code), now: Date.now() } satisfies ThemeData;
  });
  if ('missing' in data) return { response: notFound(c, me) };
  return { props: buildPageProps(c, 'THEME', { title: c.var.t('home.themes'), code, ...data }, me), complete };
}

const answer = (c: Context<AppEnv>, built: PageBuild) => ('response' in built ? built.response : respond(c, built.props));

/** The watch pages (page keys HOME, CHANNEL, VOD, RECENT_VIEW, SUBSCRIPTIONS_VIEW, GIFT_VIEW, THEME, CASTER). */
export const watchPages = new Hono<AppEnv>()
  .get('/', async (c) => {
    if (!c.var.loggedIn) return guestPage(c, (depend) => homePage(c, depend));
    // A member: the guests' page (lives, banners, themes, logos) with the member in the header, from the copy all
    // members share; their own suggestions and recently watched follow after hydration.
    const build = (depend: Depend) => homePage(c, depend);
    const withMember = (shared: PageProps | null, me: Me | null) => buildPageProps(c, 'HOME', shared?.page === 'HOME' ? shared.data : {}, me);
    const me = await loadMeRemembered(c);
    if (!me) return respond(c, withMember(await sharedGuestProps(c, build), null));
    return memberPage(c, me, build, withMember);
  })
  .get('/channel/:loginId', async (c) => {
    const loginId = c.req.param('loginId');
    if (!LOGIN_ID.test(loginId)) return notFound(c);
    if (!c.var.loggedIn) return guestPage(c, (depend) => channelPage(c, loginId, null, guestViewerApi(c), depend));
    const { me, api } = await pageSession(c);
    return answer(c, await channelPage(c, loginId, me, api, noDepend));
  })
  .get('/vod/:streamId', async (c) => {
    const streamId = c.req.param('streamId');
    if (!NUMERIC_ID.test(streamId) || !c.var.brand.features.vod) return notFound(c);
    const { me, api } = await pageSession(c);
    const found = await loadPageData(c, async () => {
      const stream = await api('/api/streams/:id', { param: { id: streamId } });
      if (missing(stream)) return { missing: true };
      if (!stream.ok || !stream.body) throw new Error(`stream answered ${stream.status}`);
      return { title: stream.body.title, stream: stream.body, replayStart: await replayStart(api, stream.body) } satisfies VodData;
    });
    if ('missing' in found) return notFound(c, me);
    // A stream still on air is watched on its channel page, live.
    if (found.stream?.endedAt === null) return c.redirect(`/channel/${seg(found.stream.creator.loginId)}`, 302);
    return respond(c, buildPageProps(c, 'VOD', { title: c.var.t('vod.title'), ...found }, me));
  })
  .get('/clip/:clipId', async (c) => {
    const clipId = c.req.param('clipId');
    if (!CLIP_ID_PATTERN.test(clipId)) return notFound(c);
    const { me, api } = await pageSession(c);
    const found = await loadPageData(c, async () => {
      const clip = await api('/api/clips/:clipId', { param: { clipId } });
      if (missing(clip)) return { missing: true };
      if (!clip.ok || !clip.body) throw new Error(`clip answered ${clip.status}`);
      return { title: clip.body.title, clip: clip.body, shareUrl: `${new URL(c.req.url).origin}/clip/${clipId}` } satisfies ClipData;
    });
    if ('missing' in found) return notFound(c, me);
    return respond(c, buildPageProps(c, 'CLIP', { title: c.var.t('clip.title'), ...found }, me));
  })
  .get(MY_LISTS.RECENT_VIEW.path, (c) => myList(c, 'RECENT_VIEW'))
  .get(MY_LISTS.SUBSCRIPTIONS_VIEW.path, (c) => myList(c, 'SUBSCRIPTIONS_VIEW'))
  .get(MY_LISTS.GIFT_VIEW.path, (c) => myList(c, 'GIFT_VIEW'))
  .get(MY_LISTS.LIKE.path, (c) => myList(c, 'LIKE'))
  .get('/theme/:code', async (c) => {
    const code = c.req.param('code');
    if (!THEME_CODE.test(code)) return notFound(c);
    if (!c.var.loggedIn) return guestPage(c, (depend) => themePage(c, code, null, guestApi(c), depend));
    const { me, api } = await pageSession(c);
    return answer(c, await themePage(c, code, me, api, noDepend));
  })
  .get('/caster', async (c) => {
    const { me, api } = await pageSession(c);
    if (!me) return signinRedirect(c);
    const title = c.var.t('caster.title');
    const data = await loadPageData(c, async () => {
      // Without a channel the settings and the profile answer 404 like the key: asked together, not one after the other.
      const [key, settings, profile, themes] = await Promise.all([
        api('/api/my/channel/stream-key'),
        api('/api/my/channel/settings'),
        api('/api/my/channel/profile'),
        api('/api/guest/themes', { query: { device: deviceOf(c) } }),
      ]);
      if (!key.ok && key.status !== 404) throw new Error(`stream-key answered ${key.status}`);
      const channel = key.ok ? key.body : null;
      return {
        title,
        channel,
        settings: channel && settings.ok ? settings.body : null,
        profile: channel && profile.ok ? profile.body : null,
        origin: new URL(c.req.url).origin,
        themes: itemsOf<Theme>(themes),
      } satisfies CasterData;
    });
    return respond(c, buildPageProps(c, 'CASTER', { title, ...data }, me));
  });
