// The shop and its orders: the packs on sale, and the two orders the PG's checkout takes (a luv pack, a
// subscription's first term), each at the price the server fixes.
import { randomToken } from '../../../lib/crypto';
import { Refusal } from '../../../lib/errors';
import type { Translate } from '../../../lib/i18n';
import { insertOrder, type PaymentRow } from '../../../db/payments';
import type { CreateOrderRequest, CreateOrderResponse, LuvPack, ShopResponse } from '../../../shared/shop-schemas';
import { PAYMENT_METHODS } from '../../../shared/payment-methods';
import { SUBSCRIPTION_PACK_PREFIX, SUBSCRIPTION_PLANS, type SubscriptionOrderRequest, type SubscriptionOrderResponse } from '../../../shared/subscription-schemas';
import { WALLET_PATHS } from '../../../shared/wallet-pages';
import { paymentGatewayFor } from '../../providers/pg';
import { assertSubscribable } from '../subscriptions';

/** The packs on sale: 110 KRW a luv, VAT included (SOOP's balloon price). The server fixes every price. */
const LUV_PACKS: readonly LuvPack[] = [
  { packId: 'luv-100', luv: 100, price: 11_000 },
  { packId: 'luv-500', luv: 500, price: 55_000 },
  { packId: 'luv-1000', luv: 1_000, price: 110_000 },
  { packId: 'luv-3000', luv: 3_000, price: 330_000 },
  { packId: 'luv-10000', luv: 10_000, price: 1_100_000 },
];

/** Where the PG sends the browser back (the shop's pages): ?paymentKey&orderId&amount, or ?code&message&orderId. */
export const CHECKOUT_RETURN = { success: WALLET_PATHS.SHOP_SUCCESS, fail: WALLET_PATHS.SHOP_FAIL } as const;
export const DEV_CHECKOUT_PATH = '/__pg/checkout';

export function shop(env: Env): ShopResponse {
  const pg = paymentGatewayFor(env);
  return { packs: [...LUV_PACKS], methods: [...PAYMENT_METHODS], provider: pg.provider, clientKey: pg.clientKey };
}

/** What both orders answer: where the checkout goes and comes back (the dev PG's page, or the PG's SDK). */
function checkoutOf(order: PaymentRow, provider: 'dev' | 'toss'): CreateOrderResponse {
  return {
    orderId: order.orderId,
    orderName: order.orderName,
    amount: order.amount,
    method: order.method,
    successUrl: CHECKOUT_RETURN.success,
    failUrl: CHECKOUT_RETURN.fail,
    checkoutUrl: provider === 'dev' ? `${DEV_CHECKOUT_PATH}?orderId=${encodeURIComponent(order.orderId)}` : null,
  };
}

/** A new order (requested) at the pack's price; the client never sends a price. */
export async function createOrder(env: Env, memberId: number, request: CreateOrderRequest, t: Translate): Promise<CreateOrderResponse> {
  const pack = LUV_PACKS.find((p) => p.packId === request.packId);
  if (!pack) throw new Refusal(400, 'UNKNOWN_PACK', 'payments.errors.unknownPack', { packId: 'payments.errors.unknownPack' });
  const provider = paymentGatewayFor(env).provider;
  const order = await insertOrder(env.DB, {
    orderId: `ord_${randomToken(18)}`,
    memberId,
    packId: pack.packId,
    orderName: t('payments.orderName', { luv: pack.luv.toLocaleString('en-US') }),
    luv: pack.luv,
    amount: pack.price,
    method: request.method,
    provider,
    createdAt: Date.now(),
  });
  return checkoutOf(order, provider);
}

/** An order for a subscription's first term paid through the PG, at the plan's KRW price (src/shared/subscription-plans.ts). */
export async function createSubscriptionOrder(env: Env, memberId: number, request: SubscriptionOrderRequest, t: Translate): Promise<SubscriptionOrderResponse> {
  const plan = SUBSCRIPTION_PLANS[request.plan];
  const channel = await assertSubscribable(env.DB, memberId, request.channelId);
  const pg = paymentGatewayFor(env);
  const order = await insertOrder(env.DB, {
    orderId: `ord_${randomToken(18)}`,
    memberId,
    packId: `${SUBSCRIPTION_PACK_PREFIX}${request.plan}`,
    orderName: t('payments.subscriptionOrderName', { channel: channel.title.slice(0, 40), plan: t(`subscriptions.plans.${request.plan}`) }),
    luv: plan.luv,
    amount: plan.krw,
    method: request.method,
    provider: pg.provider,
    createdAt: Date.now(),
    subscriptionChannelId: request.channelId,
    subscriptionPlan: request.plan,
  });
  return { ...checkoutOf(order, pg.provider), provider: pg.provider, clientKey: pg.clientKey };
}
