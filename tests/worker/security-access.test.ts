// Security sweep, access (docs/security.md): every API route, called anonymously, as another member pointed at a member's
// objects, with a session made on another brand, and without the staff role. Routes come from the API's router and
// /openapi.json (tests/worker/security-sweep.ts); a route that is neither swept as member-only nor on the commented
// list of public routes below fails the last test, so a new route cannot slip past unnoticed.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import { insertChannel, signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { type ApiDoc, type Fill, type Route, accessOf, apiRoutes, bodyFor, changedTables, concretePath, dbDigest, fetchDoc, inParallel, isStaffOnly, label, listed, viaApp } from './security-sweep';

/**
 * Routes anyone may call without a session, each group with why. The document marks them (no bearerAuth, or an
 * optional one); this list is the second key: a route the document opens that is not here fails the sweep.
 */
const PUBLIC_ROUTES = new Set([
  // Status and the contract: clients learn of maintenance and read the API before anyone signs in.
  'GET /v2/api/guest/timeCheck',
  'GET /api/guest/timeCheck/:n',
  'GET /openapi.json',
  // Signing in and up, and the steps before it (availability checks, captcha, phone code, identity verification,
  // account recovery): by nature callable without a session; each has its own limits (lockout, 60 s SMS).
  'POST /v2/api/auth/signin',
  'POST /api/auth/signup',
  'POST /api/oauth/refresh',
  'POST /api/auth/oauth/:provider/authorize',
  'POST /api/auth/oauth/:provider/callback',
  'POST /api/auth/signin/oauth/twitch',
  'POST /api/auth/signin/oauth/:provider',
  'POST /api/auth/signup/oauth/:provider',
  'POST /v3/api/m/signup/kakao',
  'POST /api/auth/oauth/:provider/link',
  'GET /api/guest/loginId/:id',
  'GET /api/guest/nickname/:nickname',
  'GET /api/guest/find-loginId/:id',
  'GET /api/guest/refcode/:code',
  'GET /api/guest/findRecommender/:code',
  'GET /api/auth/geo-ip',
  'GET /api/captcha/challenge',
  'POST /v2/api/auth/signup/send-phone-verification',
  'POST /api/personal-auth/foreigner',
  'GET /api/auth/signup/personal-auth',
  'GET /api/auth/signin/find',
  'GET /api/personal-auth',
  'POST /api/personal-auth/confirm',
  'POST /api/personal-auth/nice/return',
  'POST /api/auth/signin/find-id/confirm',
  'POST /api/auth/signin/find-password/confirm',
  // A guest's age check (/guest-auth): the identity provider's authKey (one use) is the proof; members are refused.
  'POST /api/guest/adult-pass',
  // Waking a dormant account (the expiry flow): a dormant account cannot sign in; identity verification is the proof.
  'POST /api/auth/expire',
  // The token handoff: a guest gets a password-reset ticket only with a verified identity; a member a new pair.
  'POST /api/oauth/generate',
  // Password change: a guest proves it with the reset ticket of find-password, a member with the session.
  'PUT /api/oauth/password',
  // A partner's server (its key is its proof) and the partner code a guest's page registers.
  'POST /v4/api/asp/accesstoken',
  'POST /v4/api/asp/signup-token',
  'POST /api/partners',
  'GET /api/guest/pincrux',
  // The sitemap's entries: only pages every guest may open anyway (no adult or password stream), for /sitemap.xml.
  'GET /api/guest/sitemap/:kind',
  // What every visitor sees: home, channels, streams, notices, policies, uploaded images, luv packs, exchange rates.
  'GET /static/:file',
  'GET /api/my/view-main',
  'GET /api/guest/banners',
  'GET /api/guest/banners-newstyle',
  'GET /api/guest/popups',
  'GET /api/guest/themes',
  'GET /api/guest/logo-list',
  'GET /api/guest/suggestion-list',
  'GET /api/guest/subscriber-count',
  'GET /api/guest/find-new-board',
  'GET /api/guest/channeling-switching',
  'GET /api/channels/channel-find',
  'GET /api/channels/:id/channel-page',
  'GET /api/channels/:id/live-time',
  'GET /api/streams/:id',
  'GET /api/guest/live-Auth',
  'POST /api/guest/live-Auth',
  'GET /api/my/stream/recorded-stream-list',
  'GET /api/channels/:id/luv-preset',
  'GET /api/channels/:id/notices',
  'GET /api/channels/:id/notices/:noticeId',
  'GET /api/uploads/:key',
  // Clips are watched by guests too (an adult stream's with the same gate as the stream's), and a guest's play counts
  // once a day for its device.
  'GET /api/clips/top-week',
  'GET /api/clips/:clipId',
  'POST /api/clips/:clipId/views',
  'GET /api/channels/:id/clips',
  // Search finds what the lists show a guest (a member's answer also leaves out whom they blocked).
  'GET /api/search',
  'GET /api/search/suggest',
  // A channel's count of followers is public; a member also learns whether they follow it.
  'GET /api/channels/:id/follow',
  // Our VAPID public key: the browser needs it to subscribe; it is public by design.
  'GET /api/push/key',
  // A recording's chat replay, for whoever may watch the recording (the same access rule, a password one's token).
  'GET /api/streams/:id/chat-replay',
  // The emoji sets (the common one and each channel's), as the chat's picker shows them to guests too.
  'GET /api/guest/show-all-emoji',
  // An agency contract through its signed link: the HMAC signature and expiry in the query are the proof, made only
  // for the invite's own creator by POST /api/my/agency-invites/download-url.
  'GET /api/agency-contracts/:key',
  'GET /api/shoppings/luv/packs',
  'GET /v2/api/guest/payment-failure',
  'GET /api/events/exchange/status',
  'GET /api/events/exchange/rate',
  'GET /api/events/exchange/amount/total',
  'GET /api/my/rankings',
  'GET /api/luv/withdraw-rules',
  'POST /v4/api/lives/live-board-check',
  // The channel board and the customer-service posts (both under /api/cs/), read-only: guests read them as members do; writing needs a session.
  'GET /api/cs/board-list',
  'GET /api/cs/board-detail',
  'GET /api/cs/board-setting-check',
  'GET /api/cs/board-likeCount/:boardId',
  'GET /api/cs/board-like-User/:boardId',
  'GET /api/cs/board-comment',
  'GET /api/cs/post-detail/:id',
  'GET /api/cs/notice-list',
  'GET /api/cs/develop-notice-list',
  'GET /api/cs/guide-list',
  // A guest's chat ticket (guests may read chat; writing needs a member's ticket, which the room checks).
  'POST /api/guest/chat-ticket',
  // The PG: its webhook proves itself by signature or read-back; the dev checkout's form by a token bound to the order.
  'POST /api/payments/webhook',
  'GET /__pg/checkout',
  'POST /__pg/checkout',
  // Offline adapters' pages: 404 in production (src/proxy/proxy.ts, src/api/routes/dev.ts), checked in security-limits.
  'GET /__dev/outbox',
  'POST /api/personal-auth/dev/complete',
  'POST /__dev/luv/fund',
  'POST /__dev/bench/increment',
]);

let doc: ApiDoc;
let routes: Route[];
let victim: { browser: Browser; id: number; loginId: string };
let intruder: { browser: Browser; id: number; loginId: string };
let fill: Fill;

/** Call `route` as `browser` (XSRF header included: what refuses must be the rule under test, not the CSRF check). */
async function call(browser: Browser, route: Route): Promise<Response> {
  const payload = bodyFor(doc, route, fill);
  const init: RequestInit = { method: route.method };
  if (payload && route.method !== 'GET') {
    init.body = payload.body;
    init.headers = { 'content-type': payload.contentType };
  }
  return viaApp(browser, concretePath(doc, route, fill), init);
}

/** Calls that end the caller's own session (sign-out, password change, unlinking) go last, so the rest are made signed in. */
const endsSession = (r: Route) => /signout|\/password$|\/social\/:provider$/.test(r.path);
const sessionEndersLast = (list: Route[]) => [...list].sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));

const letThrough = (res: Response) => res.status < 400 || res.status >= 500;

/**
 * Views another member changes by design: anyone may write to a member (docs/product/community.md, "Messages and my page"), so the victim's inbox grows.
 * Whether the intruder touched the victim's message itself is checked on its row below.
 */
const CHANGED_BY_OTHERS = new Set(['GET /api/my/messages', 'GET /v2/api/my/messages', 'GET /v2/api/my/messages-list']);

/** What the victim sees of their own: every member-only GET, as status and body. */
async function viewOf(browser: Browser): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const views = routes.filter((r) => r.method === 'GET' && accessOf(doc, r) === 'member' && !CHANGED_BY_OTHERS.has(label(r)));
  const answers = await inParallel(views, async (route) => {
    const res = await call(browser, route);
    return `${res.status} ${await res.text()}`;
  });
  for (const [i, route] of views.entries()) out.set(label(route), answers[i]!);
  return out;
}

beforeAll(async () => {
  doc = await fetchDoc();
  routes = apiRoutes();
  victim = await signedIn();
  intruder = await signedIn();
  const channel = await insertChannel({ ownerId: victim.id });
  const now = Date.now();
  const notice = await env.DB.prepare('INSERT INTO channel_notices (channel_id, title, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(channel.id, 'victim notice', '<p>mine</p>', now, now)
    .first<{ id: number }>();
  const message = await env.DB.prepare('INSERT INTO messages (sender_id, receiver_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(intruder.id, victim.id, 'hello', now)
    .first<{ id: number }>();
  // Every parameter or body field that names an object points at the victim's (their channel, notice, message).
  fill = {
    id: channel.id,
    x: channel.id,
    channelId: channel.id,
    noticeId: notice!.id,
    messageId: message!.id,
    withdrawId: 1,
    itemId: 1,
    memberId: victim.id,
    loginId: victim.loginId,
    receiverLoginId: victim.loginId,
    provider: 'kakao',
  };
});

describe('access sweep: every API route', () => {
  it('anonymous: every member-only route refuses and nothing is written', async (context) => {
    const guest = new Browser();
    const memberOnly = routes.filter((r) => accessOf(doc, r) === 'member');
    const before = await dbDigest();
    const through: string[] = [];
    await inParallel(memberOnly, async (route) => {
      const res = await call(guest, route);
      if (letThrough(res) || res.status !== 401) through.push(`${label(route)} ${res.status}`);
    });
    const written = changedTables(before, await dbDigest());
    securityRow(context, { area: 'access', tried: `anonymous call of every member-only route (${memberOnly.length}), expecting 401`, letThrough: listed(through), pass: through.length === 0 });
    securityRow(context, { area: 'access', tried: 'D1 rows written by those anonymous calls (digest of every table)', letThrough: listed(written), pass: written.length === 0 });
    expect(through).toEqual([]);
    expect(written).toEqual([]);
  });

  it("another member (a plain viewer of the victim's channel) changes nothing of the victim's", async (context) => {
    const before = await viewOf(victim.browser);
    const through: string[] = [];
    const swept = sessionEndersLast(routes.filter((r) => accessOf(doc, r) !== 'public' && !isStaffOnly(doc, r)));
    // In parallel but for the calls that end the intruder's session, which go last.
    const [ending, others] = [swept.filter(endsSession), swept.filter((r) => !endsSession(r))];
    const judge = async (route: Route) => {
      const res = await call(intruder.browser, route);
      if (res.status >= 500) through.push(`${label(route)} ${res.status}`);
    };
    await inParallel(others, judge);
    for (const route of ending) await judge(route);
    const after = await viewOf(victim.browser);
    const changed = [...before.keys()].filter((k) => before.get(k) !== after.get(k));
    for (const key of changed) through.push(`${key} changed for the victim`);
    // The victim's own objects, read straight from D1.
    const notice = await env.DB.prepare('SELECT title FROM channel_notices WHERE id = ?').bind(fill.noticeId).first<{ title: string }>();
    const message = await env.DB.prepare('SELECT read_at AS readAt, receiver_deleted AS deleted FROM messages WHERE id = ?').bind(fill.messageId).first<{ readAt: number | null; deleted: number }>();
    if (notice?.title !== 'victim notice') through.push("the victim's notice");
    if (message?.readAt !== null || message?.deleted !== 0) through.push("the victim's message");
    securityRow(context, {
      area: 'access',
      tried: `member B on every member route (${swept.length}) with ids of member A's channel, notice, message; A's ${before.size} own views compared`,
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });

  it('a session made on one brand is refused on another (cookies copied to its host)', async (context) => {
    const elsewhere = new Browser('nest.localhost');
    for (const [name, value] of victim.browser.jar) elsewhere.jar.set(name, value);
    const memberOnly = sessionEndersLast(routes.filter((r) => accessOf(doc, r) === 'member'));
    const before = await dbDigest();
    const through: string[] = [];
    await inParallel(
      memberOnly.filter((r) => !endsSession(r)),
      async (route) => {
        const res = await call(elsewhere, route);
        // 401 mostly; a feature the other brand lacks (the exchange event) may answer 404 before asking who calls.
        if (letThrough(res)) through.push(`${label(route)} ${res.status}`);
      },
    );
    for (const route of memberOnly.filter(endsSession)) {
      const res = await call(elsewhere, route);
      if (letThrough(res)) through.push(`${label(route)} ${res.status}`);
    }
    const written = changedTables(before, await dbDigest());
    // The refresh cookie alone: the proxy's refresh must not mint this brand a session either.
    const refreshOnly = new Browser('nest.localhost');
    for (const name of ['flx_uuid', 'XSRF-TOKEN', 'flx_oauth_refresh']) if (victim.browser.jar.has(name)) refreshOnly.jar.set(name, victim.browser.jar.get(name)!);
    const refreshed = await viaApp(refreshOnly, '/api/my/profile');
    if (refreshed.status !== 401) through.push(`refresh cookie alone: GET /api/my/profile ${refreshed.status}`);
    securityRow(context, {
      area: 'access',
      tried: `flex.localhost session cookies on nest.localhost: every member-only route (${memberOnly.length}), and the refresh cookie alone`,
      letThrough: listed([...through, ...written.map((t) => `${t} written`)]),
      pass: through.length === 0 && written.length === 0,
    });
    expect(through).toEqual([]);
    expect(written).toEqual([]);
  });

  it('a member without the staff role gets 403 from every staff route, and nothing is written', async (context) => {
    const staffOnly = routes.filter((r) => isStaffOnly(doc, r));
    const viewer = await signedIn();
    const before = await dbDigest();
    const through: string[] = [];
    for (const route of staffOnly) {
      const res = await call(viewer.browser, route);
      if (res.status !== 403) through.push(`${label(route)} ${res.status}`);
    }
    const written = changedTables(before, await dbDigest());
    securityRow(context, {
      area: 'access',
      tried: `member with role V on every staff-only route (${staffOnly.length}), expecting 403`,
      letThrough: listed([...through, ...written]),
      pass: through.length === 0 && written.length === 0,
    });
    expect(staffOnly.length).toBeGreaterThan(0);
    expect(through).toEqual([]);
    expect(written).toEqual([]);
  });

  it('every route is swept as member-only or on the commented public list, and the list names only real routes', async (context) => {
    const open = routes.filter((r) => accessOf(doc, r) !== 'member').map(label);
    const unlisted = open.filter((r) => !PUBLIC_ROUTES.has(r));
    const stale = [...PUBLIC_ROUTES].filter((r) => !routes.some((route) => label(route) === r));
    securityRow(context, {
      area: 'access',
      tried: `${routes.length} API routes: member-only (swept) or on the public list (${PUBLIC_ROUTES.size})`,
      letThrough: listed([...unlisted.map((r) => `${r} unlisted`), ...stale.map((r) => `${r} stale`)]),
      pass: unlisted.length === 0 && stale.length === 0,
    });
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
  });
});
