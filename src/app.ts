import { Hono } from 'hono';
import type { AppEnv } from './lib/env';
import { brand } from './middleware/brand';
import { locale } from './middleware/locale';
import { clientContext } from './middleware/client-context';
import { xsrfCookie } from './middleware/xsrf-cookie';
import { gate } from './middleware/gate';
import { partner } from './middleware/partner';
import { securityHeaders } from './middleware/security-headers';
import { buildPageProps, respond } from './render/respond';
import { DEV_PG_PREFIX, DEV_PREFIX, OWN_PROOF, PROXIED_PREFIXES, proxy } from './proxy/proxy';
import { requestGuard } from './middleware/request-guard';
import { queryLimit } from './middleware/query-limit';
import { ServiceUnavailableError } from './proxy/caller';
import { Refusal, refusalResponse } from './lib/errors';
import { callerLocale } from './lib/caller-locale';
import { MAINTENANCE_PATH } from './shared/constants';
import { site } from './pages/site';
import { seo } from './pages/seo';
import { pages } from './pages/pages';
import { live } from './live';
import { chatSocket } from './proxy/chat-socket';
import { inboxSocket } from './proxy/inbox-socket';
import { INBOX_SOCKET_PATH } from './shared/message-limits';
import { watchPages } from './pages/watch-pages';
import { walletPages } from './pages/wallet-pages';
import { socialPages } from './pages/social-pages';
import { messagesPages } from './pages/messages-pages';
import { csPages } from './pages/cs-pages';
import { staffPages } from './pages/staff-pages';
import { staffContentPage } from './pages/staff-content-page';
import { agencyPages } from './pages/agency-pages';
import { memberPages } from './pages/member-pages';
import { formPosts } from './pages/form-posts';
import { searchPages } from './pages/search-pages';
import { apiReference } from './docs/api-reference';
import { API_CONTRACT_PATHS } from './shared/api-contract';
import { collector, reportServerError } from './errors';
import { waitUntil } from './proxy/caller';

/**
 * The edge app. Order: brand -> locale -> client context, then what must answer even during
 * maintenance (site resources, the API proxy), then gate -> partner -> rendered pages.
 */
export const app = new Hono<AppEnv>();

// Live video first: encoders and players need no brand, locale or gate (and no KV read per segment), and
// its public streams must stay embeddable by other origins (native apps, partner players), which the
// site-wide Cross-Origin-Resource-Policy: same-origin would forbid. /live sets its own headers.
app.use(queryLimit());
app.route('/live', live);
// Chat sockets likewise: checked before the upgrade (Origin against the brand's hosts, ticket), and a 101
// carries none of the page headers or cookies. See src/proxy/chat-socket.ts.
app.get('/chat/:room', callerLocale(), chatSocket);
// A member's inbox socket (new messages, unread count), checked the same way (src/proxy/inbox-socket.ts).
app.get(INBOX_SOCKET_PATH, callerLocale(), inboxSocket);
// Content-Security-Policy with a nonce per response, Referrer-Policy, Permissions-Policy, frame-ancestors.
app.use(securityHeaders());
app.use(brand(), locale(), clientContext(), xsrfCookie());
// Same-origin unsafe calls (but the servers that post with their own proof), bodies within the limits (docs/security.md).
// /__dev/ is read here too: the site answers some of its paths itself (the page-cache purge).
app.use(requestGuard({ proxied: [...PROXIED_PREFIXES, DEV_PG_PREFIX], crossSiteAllowed: (path) => OWN_PROOF(path) && !path.startsWith(DEV_PG_PREFIX) }));
app.route('/', site);
// robots.txt and sitemap.xml answer before the gate: crawlers read them during maintenance too.
app.route('/', seo);
// The local error collector (development and tests): browsers' Sentry envelopes, before the gate like site resources.
app.route('/', collector);
for (const prefix of [...PROXIED_PREFIXES, DEV_PREFIX, DEV_PG_PREFIX]) app.all(`${prefix}*`, proxy);
// The API's contract: the document comes from the API through the proxy (from API_ORIGIN when the API
// lives there), the reference page renders it; both answer during maintenance, like site resources.
app.get(API_CONTRACT_PATHS.document, proxy);
app.route('/', apiReference);
app.use(gate(), partner());
app.route('/', socialPages);
app.route('/', pages);
app.route('/', watchPages);
app.route('/', walletPages);
app.route('/', messagesPages);
app.route('/', csPages);
app.route('/', staffPages);
app.route('/', staffContentPage);
app.route('/', agencyPages);
app.route('/', memberPages);
app.route('/', searchPages);
app.route('/', formPosts);

app.notFound((c) => respond(c, buildPageProps(c, 'NOT_FOUND', { title: c.var.t('notFound.title') }), 404));

app.onError((err, c) => {
  // /live and /chat refuse as the API does: the envelope, in the caller's language (callerLocale).
  if (err instanceof Refusal) return refusalResponse(c, err);
  if (err instanceof ServiceUnavailableError && c.req.path !== MAINTENANCE_PATH) return c.redirect(MAINTENANCE_PATH, 302);
  void reportServerError(err, { env: c.env, waitUntil: (work) => waitUntil(c, work), brand: c.var.brand?.id ?? null, page: c.req.path, userAgent: c.req.header('user-agent') ?? null });
  const message = c.var.t ? c.var.t('errors.internal') : 'Internal error';
  return c.text(message, 500);
});
