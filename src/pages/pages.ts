import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../lib/env';
import { COOKIE } from '../shared/constants';
import { buildPageProps, respond } from '../render/respond';
import { loadMe, loadPageData } from './load';
import { safeCallbackPath } from '../shared/callback-url';
import { callerOf, routeJson } from '../proxy/caller';
import type { ApiErrorBody } from '../shared/api-schemas';
import { GUEST_AUTH_PATH, NICE_RETURN_PATH } from '../shared/constants';
import type { GuestAuthPageData } from '../shared/guest-auth';
import { CHANNEL_SETTINGS_PATHS, type ChannelSettings } from '../shared/streams-api';
import { enabledSocialProviders } from '../shared/social';

/** Sign-up pages need to know about a partner cookie: it hides identity verification, and toptoon hides the foreigner tab. */
function signupData(c: Context<AppEnv>) {
  const partnerCode = getCookie(c, COOKIE.partnerCode) ?? null;
  return {
    callbackURL: safeCallbackPath(c.req.query('callbackURL')),
    partnerCode,
    showForeignerTab: partnerCode !== 'toptoon' && c.var.brand.features.foreignerSignup,
  };
}

/** Server-rendered pages: each loads its data, then renders (or answers its props as JSON). The home page and the other watch pages are in watch-pages.ts. */
export const pages = new Hono<AppEnv>()
  .get('/notices/maintenance', async (c) => {
    return respond(c, buildPageProps(c, 'MAINTENANCE', { title: c.var.t('maintenance.title') }));
  })
  .get('/signin', async (c) => {
    const requested = c.req.query('callbackURL');
    const callbackURL = safeCallbackPath(requested);
    // A callbackURL pointing elsewhere is refused: the page says '잘못된 접근입니다.' and stays here.
    const invalidCallback = requested !== undefined && callbackURL === null;
    const savedLoginId = getCookie(c, COOKIE.savedLoginId) ?? null;
    // The social buttons the channel settings enable (isSnsLogin*); none when the settings cannot be read.
    const settings = await loadPageData(c, async () => (await routeJson(c, callerOf(c), 'GET', CHANNEL_SETTINGS_PATHS.guest)).body ?? {});
    const socialProviders = enabledSocialProviders(settings);
    return respond(c, buildPageProps(c, 'SIGNIN', { title: c.var.t('login.title'), callbackURL, invalidCallback, savedLoginId, socialProviders }, await loadMe(c)));
  })
  .get('/signup', async (c) => respond(c, buildPageProps(c, 'SIGNUP', { title: c.var.t('signup.title'), ...signupData(c) }, await loadMe(c))))
  .get('/signup/foreigner', async (c) => {
    const data = signupData(c);
    if (!data.showForeignerTab) return c.redirect(`/signup${new URL(c.req.url).search}`, 302);
    return respond(c, buildPageProps(c, 'SIGNUP_FOREIGNER', { title: c.var.t('signup.foreignerTitle'), ...data }, await loadMe(c)));
  })
  .get('/completed/signup', async (c) => {
    const callbackURL = safeCallbackPath(c.req.query('callbackURL'));
    return respond(c, buildPageProps(c, 'COMPLETED_SIGNUP', { title: c.var.t('signup.completeTitle'), callbackURL }, await loadMe(c)));
  })
  .get('/completed/signup/marketing', async (c) => {
    const recommendId = c.req.query('recommendId') ?? '';
    const loaded = await loadPageData(c, async () => {
      const res = await routeJson(c, callerOf(c), 'GET', '/api/guest/refcode/:code', { param: { code: recommendId } });
      const found = res.body && 'partnerCode' in res.body && res.body.result === 'ok' ? res.body : null;
      return { partner: found ? { partnerCode: found.partnerCode, partnerName: found.name } : null };
    });
    const partner = loaded.partner;
    if (!partner) return c.redirect('/completed/signup', 302);
    return respond(c, buildPageProps(c, 'COMPLETED_SIGNUP_MARKETING', { title: c.var.t('signup.completeTitle'), ...partner }, await loadMe(c)));
  })
  .get('/member/find/findId', async (c) => {
    // Foreign members verify by their phone (the internal provider), domestic ones through NICE: a tab each.
    const showForeigner = c.var.brand.features.foreignerSignup;
    const member = showForeigner && c.req.query('type') === 'foreigner' ? 'foreigner' : 'domestic';
    return respond(c, buildPageProps(c, 'FIND_ID', { title: c.var.t('find.title'), showForeigner, member }, await loadMe(c)));
  })
  /**
   * NICE sends the person back here in the popup (GET or POST, as NICE chooses): the API checks the answer;
   * the page hands the authKey to the opener, or says in the person's language why it was refused.
   */
  .on(['GET', 'POST'], NICE_RETURN_PATH, async (c) => {
    const fields = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({}) as Record<string, unknown>) : c.req.query();
    const field = (k: string) => {
      const value = fields[k];
      return typeof value === 'string' ? value : '';
    };
    const answer = { token_version_id: field('token_version_id'), enc_data: field('enc_data'), integrity_value: field('integrity_value') };
    const res = await routeJson(c, callerOf(c), 'POST', '/api/personal-auth/nice/return', { json: answer });
    // A refusal's body is the error envelope (src/shared/api-schemas.ts), which the route's type does not carry.
    const refusal = res.ok ? null : (res.body as ApiErrorBody | null);
    const result = res.ok && res.body?.authKey ? { authKey: res.body.authKey } : { failure: refusal?.error?.message ?? c.var.t('identity.nice.invalid') };
    c.header('cache-control', 'no-store');
    return respond(c, buildPageProps(c, 'PERSONAL_AUTH', { title: c.var.t('identity.title'), provider: 'niceId', ...result }), res.ok ? 200 : 400);
  })
  /**
   * A guest's age check (open in emergency mode, like sign-in): identity verification buys an adult pass for this
   * device (POST /api/guest/adult-pass). Members verify their account instead; with adult broadcasting switched
   * off there is nothing to verify for, and the page says so.
   */
  .get(GUEST_AUTH_PATH, async (c) => {
    const me = await loadMe(c);
    // Empty when they could not be read.
    const settings: Partial<ChannelSettings> = await loadPageData(c, async () => (await routeJson(c, callerOf(c), 'GET', CHANNEL_SETTINGS_PATHS.guest)).body ?? {});
    const data: GuestAuthPageData = {
      title: c.var.t('guestAuth.title'),
      callbackURL: safeCallbackPath(c.req.query('callbackURL')),
      adultBroadcast: settings.adultBroadcast !== false,
    };
    return respond(c, buildPageProps(c, 'GUEST_AUTH', data, me));
  })
  .get('/my/personal-auth', async (c) => {
    const type = c.req.query('type') ?? 'personal';
    const provider = c.req.query('provider') === 'internal' ? 'internal' : 'niceId';
    const session = c.req.query('session') ?? '';
    return respond(c, buildPageProps(c, 'PERSONAL_AUTH', { title: c.var.t('identity.title'), type, provider, loginId: c.req.query('loginId') ?? null, session }, await loadMe(c)));
  });
