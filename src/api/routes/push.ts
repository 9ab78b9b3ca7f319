import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember } from '../middleware/auth';
import { pushEndpointSchema, pushKeySchema, pushStateSchema, pushSubscriptionSchema } from '../../shared/push-schemas';
import { pushKey, subscribe, subscriptionState, unsubscribe } from '../services/push';

const OFF = 'This deployment has no VAPID keys (PUSH_UNAVAILABLE)';

/**
 * Web Push: our public key for the browser's subscribe, and a member's browsers that take notices. The endpoint is a
 * capability (whoever knows it can push to that browser), so it travels only in bodies, never in a URL.
 */
export const pushRoutes = new Hono<ApiEnv>()
  .get('/api/push/key', operation({ tag: 'Push', summary: "Our VAPID public key (the browser's applicationServerKey)", ok: pushKeySchema, refusals: { 503: OFF } }), (c) =>
    c.json(pushKey(c.env), 200, { 'cache-control': 'public, max-age=3600' }),
  )
  .put(
    '/api/my/push-subscription',
    operation({
      tag: 'Push',
      summary: "Keep this browser's push subscription for the member (notices are written in the caller's locale)",
      description: 'Idempotent; a subscription another member held moves to this one. At most 10 browsers a member (the oldest is let go).',
      ok: pushStateSchema,
      refusals: { 400: 'Bad body, or an endpoint that is not a known push service (PUSH_ENDPOINT_REFUSED)', 503: OFF },
    }),
    requireMember(),
    validate('json', pushSubscriptionSchema),
    async (c) => c.json(await subscribe(c.env, c.var.session.memberId, c.req.valid('json'), c.var.locale)),
  )
  .post(
    '/api/my/push-subscription/state',
    operation({ tag: 'Push', summary: 'Whether this browser’s endpoint takes the member’s notices', ok: pushStateSchema }),
    requireMember(),
    validate('json', pushEndpointSchema),
    async (c) => c.json(await subscriptionState(c.env.DB, c.var.session.memberId, c.req.valid('json').endpoint), 200, { 'cache-control': 'private, no-store' }),
  )
  .post(
    '/api/my/push-subscription/delete',
    operation({ tag: 'Push', summary: "Stop this browser's notices (not the member's: nothing changes)", ok: pushStateSchema }),
    requireMember(),
    validate('json', pushEndpointSchema),
    async (c) => c.json(await unsubscribe(c.env.DB, c.var.session.memberId, c.req.valid('json').endpoint)),
  );
