// Web Push: a member's browsers that allowed notices, and the went-live notices pushed to them
// (docs/product/watching-and-chat.md, "Following"). The message is encrypted for each browser and our server
// identified by VAPID (src/lib/web-push.ts); the push service only relays it.

import { deletePushSubscription, forgetPushSubscription, hasPushSubscription, pushSubscriptionsOf, savePushSubscription, type PushSubscriptionRow } from '../../db/push-subscriptions';
import { Refusal } from '../../lib/errors';
import { translatorFor } from '../../lib/i18n';
import { pushRequest, type VapidKeys } from '../../lib/web-push';
import { isProductionEnv } from '../../shared/environment';
import { isLocale, type Locale } from '../../shared/locales';
import type { PushKey, PushMessage, PushState, PushSubscriptionBody } from '../../shared/push-schemas';

/**
 * The push services of the browsers we serve (Chrome and Edge's FCM, Firefox's, Safari's, Windows'): the Worker
 * posts only to them, so a subscription cannot point it at another server. Outside production, loopback too
 * (the local push service of `npm start` and the tests, scripts/lib/push-receiver.mjs).
 */
const PUSH_SERVICES = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^(web\.push|[a-z0-9-]+\.push)\.apple\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/];
const LOOPBACK = /^(127\.0\.0\.1|localhost)$/;
/** A went-live notice is worth nothing after the live's first hour: the push service drops it then. */
const WENT_LIVE_TTL_S = 3600;
const AT_ONCE = 50;
const SEND_TIMEOUT_MS = 10_000;

/** Our VAPID keys, or null when this deployment has none (push is then off: the pages do not offer it). */
export function vapidKeys(env: Env): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || 'mailto:ops@flex.live' };
}

function pushOff(): Refusal {
  return new Refusal(503, 'PUSH_UNAVAILABLE', 'push.errors.unavailable');
}

export function pushKey(env: Env): PushKey {
  const keys = vapidKeys(env);
  if (!keys) throw pushOff();
  return { publicKey: keys.publicKey };
}

export function isPushService(env: Env, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:' && !url.port && PUSH_SERVICES.some((host) => host.test(url.hostname))) return true;
  return !isProductionEnv(env.ENVIRONMENT) && url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}

/** Keep this browser's subscription for the member (the page's locale writes its notices). */
export async function subscribe(env: Env, memberId: number, body: PushSubscriptionBody, locale: Locale, now = Date.now()): Promise<PushState> {
  if (!vapidKeys(env)) throw pushOff();
  if (!isPushService(env, body.endpoint)) throw new Refusal(400, 'PUSH_ENDPOINT_REFUSED', 'push.errors.endpoint');
  await savePushSubscription(env.DB, memberId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, locale }, now);
  return { subscribed: true };
}

export async function unsubscribe(db: D1Database, memberId: number, endpoint: string): Promise<PushState> {
  await deletePushSubscription(db, memberId, endpoint);
  return { subscribed: false };
}

export async function subscriptionState(db: D1Database, memberId: number, endpoint: string): Promise<PushState> {
  return { subscribed: await hasPushSubscription(db, memberId, endpoint) };
}

export interface WentLive {
  channelId: number;
  loginId: string;
  nickname: string;
  title: string;
}

function wentLiveMessage(live: WentLive, locale: string): PushMessage {
  const t = translatorFor(isLocale(locale) ? locale : 'ko');
  return {
    title: t('push.wentLive.title', { nickname: live.nickname }),
    body: live.title || t('push.wentLive.untitled'),
    url: `/channel/${encodeURIComponent(live.loginId)}`,
    tag: `live-${live.channelId}`,
  };
}

/** One push; a subscription the push service no longer knows is forgotten. Whether it was taken. */
async function send(env: Env, keys: VapidKeys, sub: PushSubscriptionRow, message: PushMessage): Promise<boolean> {
  try {
    const request = await pushRequest(sub, JSON.stringify(message), keys, { ttl: WENT_LIVE_TTL_S, urgency: 'high', topic: message.tag });
    const response = await fetch(request, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) await forgetPushSubscription(env.DB, sub.id);
    else if (!response.ok) console.warn(`web push: ${new URL(sub.endpoint).host} answered ${response.status}`);
    return response.ok;
  } catch (error) {
    console.warn(`web push: ${new URL(sub.endpoint).host} failed: ${String(error)}`);
    return false;
  }
}

/** A went-live notice to every browser of these members that takes them, AT_ONCE at a time. How many were taken. */
export async function pushWentLive(env: Env, memberIds: number[], live: WentLive): Promise<number> {
  const keys = vapidKeys(env);
  if (!keys || memberIds.length === 0) return 0;
  const subs = await pushSubscriptionsOf(env.DB, memberIds);
  // The words once per language, not once per browser.
  const messages = new Map<string, PushMessage>();
  const messageIn = (locale: string) => messages.get(locale) ?? messages.set(locale, wentLiveMessage(live, locale)).get(locale)!;
  let taken = 0;
  for (let i = 0; i < subs.length; i += AT_ONCE) {
    const sent = await Promise.all(subs.slice(i, i + AT_ONCE).map((sub) => send(env, keys, sub, messageIn(sub.locale))));
    taken += sent.filter(Boolean).length;
  }
  return taken;
}
