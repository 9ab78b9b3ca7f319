import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiEnv } from './env';
import { Refusal, refusalResponse } from '../lib/errors';
import { callerLocale } from '../lib/caller-locale';
import { readFlagsRecent } from '../lib/kv-config';
import { guestRoutes } from './routes/guest';
import { partnerRoutes } from './routes/partners';
import { authRoutes } from './routes/auth';
import { socialRoutes } from './routes/social';
import { accountRoutes } from './routes/accounts';
import { staticRoutes } from './routes/static';
import { devRoutes } from './routes/dev';
import { homeRoutes } from './routes/home';
import { channelRoutes } from './routes/channels';
import { myStreamRoutes } from './routes/my-streams';
import { casterRoutes } from './routes/caster';
import { chatRoutes } from './routes/chat';
import { adminRoutes } from './routes/admin';
import { luvRoutes } from './routes/luv';
import { couponRoutes } from './routes/coupons';
import { couponStaffRoutes } from './routes/coupons-staff';
import { luvPresetRoutes } from './routes/luv-presets';
import { shoppingRoutes } from './routes/shoppings';
import { pgCheckoutRoutes } from './routes/pg-checkout';
import { itemRoutes } from './routes/items';
import { subscriptionRoutes } from './routes/subscriptions';
import { exchangeRoutes } from './routes/exchange';
import { fanRoutes } from './routes/fans';
import { payoutRoutes, staffPayoutRoutes } from './routes/payouts';
import { uploadRoutes } from './routes/uploads';
import { noticeRoutes } from './routes/notices';
import { clipRoutes } from './routes/clips';
import { followRoutes } from './routes/follows';
import { pushRoutes } from './routes/push';
import { searchRoutes } from './routes/search';
import { clipStaffRoutes } from './routes/clips-staff';
import { chatReplayRoutes } from './routes/chat-replay';
import { boardRoutes } from './routes/board';
import { channelProfileRoutes } from './routes/channel-profile';
import { messageRoutes } from './routes/messages';
import { settingRoutes } from './routes/settings';
import { csRoutes } from './routes/cs';
import { csStaffRoutes } from './routes/cs-staff';
import { staffRoutes } from './routes/staff';
import { agencyStaffRoutes } from './routes/agencies-staff';
import { homeAdminRoutes } from './routes/home-admin';
import { emojiRoutes } from './routes/emoji';
import { agencyRoutes } from './routes/agencies';
import { profileRoutes } from './routes/profile';
import { apiDocument, operation } from './openapi';
import { API_CONTRACT_PATHS } from '../shared/api-contract';
import { apiDocumentSchema } from '../shared/api-schemas';
import { reportServerError } from '../errors';
import { waitUntilOf } from './wait-until';
import { requestLimits } from './middleware/request-limits';
import { writeRate } from './middleware/write-rate';
import { verifiedEdgeClient } from '../lib/edge-headers';

const DEVICE_ID = /^[0-9a-f]{10}$/;
/**
 * Calls that keep answering during maintenance, so clients can learn when it ends (and read the contract),
 * and the sitemap's read-only entries, which crawlers keep reading while the pages are closed.
 * The OpenAPI document gives every other operation its 503 from this same list.
 */
const OPEN_DURING_MAINTENANCE = [/^\/v2\/api\/guest\/timeCheck$/, /^\/api\/guest\/timeCheck\/\d+$/, /^\/static\//, /^\/api\/guest\/sitemap\//, /^\/__dev\//, /^\/openapi\.json$/];

/**
 * The embedded API, at the published paths exactly as spelled. It knows nothing of the edge: the proxy hands it
 * requests with a Bearer token, X-Device-Id and X-Locale.
 */
export const apiApp = new Hono<ApiEnv>()
  .use(callerLocale())
  .use(async (c, next) => {
    const deviceId = c.req.header('x-device-id');
    c.set('deviceId', deviceId && DEVICE_ID.test(deviceId) ? deviceId : 'unknown000');
    // The client's address and country only as our edge signed them: a caller at API_ORIGIN cannot claim one.
    c.set('client', await verifiedEdgeClient(c.env.EDGE_HEADER_SECRET, c.req.raw));
    await next();
  })
  .use(requestLimits())
  .use(async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (!OPEN_DURING_MAINTENANCE.some((re) => re.test(path))) {
      const flags = await readFlagsRecent(c.env.CONFIG);
      if (flags.maintenance) throw new Refusal(503, 'SERVICE_UNAVAILABLE', 'errors.maintenance');
    }
    await next();
  })
  .use(writeRate())
  .route('/', guestRoutes)
  .route('/', partnerRoutes)
  .route('/', authRoutes)
  .route('/', socialRoutes)
  .route('/', accountRoutes)
  .route('/', staticRoutes)
  .route('/', homeRoutes)
  .route('/', channelRoutes)
  .route('/', myStreamRoutes)
  .route('/', casterRoutes)
  .route('/', chatRoutes)
  .route('/', adminRoutes)
  .route('/', luvRoutes)
  .route('/', couponRoutes)
  .route('/', couponStaffRoutes)
  .route('/', luvPresetRoutes)
  .route('/', shoppingRoutes)
  .route('/', pgCheckoutRoutes)
  .route('/', itemRoutes)
  .route('/', subscriptionRoutes)
  .route('/', exchangeRoutes)
  .route('/', fanRoutes)
  .route('/', payoutRoutes)
  .route('/', staffPayoutRoutes)
  .route('/', uploadRoutes)
  .route('/', noticeRoutes)
  .route('/', clipRoutes)
  .route('/', followRoutes)
  .route('/', pushRoutes)
  .route('/', searchRoutes)
  .route('/', clipStaffRoutes)
  .route('/', chatReplayRoutes)
  .route('/', boardRoutes)
  .route('/', channelProfileRoutes)
  .route('/', messageRoutes)
  .route('/', settingRoutes)
  .route('/', csRoutes)
  .route('/', csStaffRoutes)
  .route('/', staffRoutes)
  .route('/', homeAdminRoutes)
  .route('/', emojiRoutes)
  .route('/', agencyRoutes)
  .route('/', agencyStaffRoutes)
  .route('/', profileRoutes)
  .route('/', devRoutes);

/**
 * The API's contract, generated from the routes above (src/api/openapi.ts). Registered after them on
 * the finished app, which it reads; the edge serves it through its proxy (src/app.ts).
 */
apiApp.get(
  API_CONTRACT_PATHS.document,
  operation({ tag: 'Contract', summary: 'This OpenAPI 3.1 document', description: 'Generated from the routes and their zod schemas; the reference page /docs/api renders it.', ok: apiDocumentSchema }),
  async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(await apiDocument(apiApp, OPEN_DURING_MAINTENANCE));
  },
);

apiApp.notFound((c) => refusalResponse(c, new Refusal(404, 'NOT_FOUND', 'errors.apiNotFound')));
/** Every refusal, wherever below it was thrown, leaves the API here as the envelope. */
apiApp.onError((err, c) => {
  if (err instanceof Refusal) return refusalResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) return refusalResponse(c, new Refusal(err.status as 400, 'BAD_REQUEST', 'errors.badRequest'));
  // The brand is the edge's (the proxy names its host); the API reports what failed, where.
  const report = reportServerError(err, { env: c.env, waitUntil: waitUntilOf(c), brand: c.req.header('x-forwarded-host') ?? null, page: c.req.path, userAgent: c.req.header('user-agent') ?? null });
  return report.then(() => refusalResponse(c, new Refusal(500, 'INTERNAL', 'errors.internal')));
});
