// Buying luv, shaped like a Toss Payments integration: the server fixes the order's amount, the PG's
// checkout takes the payment and sends the browser back with paymentKey, orderId and amount, the server checks
// the amount against the order and confirms with the PG, and only then credits the luv, in the same batch as
// the order's status (services/ledger.ts `alongside`). Virtual accounts, wrong deposits, cancellations and
// approval errors arrive by webhook. Refunds give back the unspent part within REFUND_WINDOW_DAYS.
//
// A refund never makes money appear or disappear: (1) one batch takes the luv out of the wallet and records the
// refund as pending; (2) the PG is asked to cancel that much KRW (Idempotency-Key = the refund's key); (3) on
// its yes the refund is done; on its no, one batch puts the luv back (a movement of its own key) and marks the
// refund reversed. When the PG does not answer, the refund stays pending and the next cancel call asks again
// with the same key before anything else.

import { WALLET_PATHS } from '../../shared/wallet-pages';
import { memberBalance } from '../../db/ledger';
import {
  approveStatement,
  findPaymentById,
  findPaymentByOrderId,
  insertOrder,
  listLuvPayments,
  listMemberPayments,
  markWaitingForDeposit,
  type PaymentRow,
  pendingRefund,
  type RefundRow,
  refundStatements,
  reverseRefundStatements,
  settleRefundDone,
  startConfirm,
  statusStatement,
  waitingLuv,
  webhookSeen,
  webhookStatement,
} from '../../db/payments';
import { randomToken } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import {
  type ConfirmRequest,
  type ConfirmResponse,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type FlaxPayment,
  type FlaxPaymentListResponse,
  type PaidSubscription,
  type LuvPack,
  type LuvPaymentListResponse,
  PAYMENT_METHODS,
  type PaymentCancelResponse,
  REFUND_WINDOW_DAYS,
  type ShopResponse,
} from '../../shared/shop-schemas';
import { PAYMENT_STATUS as S, type PaymentStatus, mayMove } from '../../shared/payment-status';
import { type GatewayContext, type PaymentGateway, type PgPayment, PgRefused, PgUnavailable, paymentGatewayFor } from '../providers/pg';
import { creditPurchase, move, refundPurchase, systemAccount, walletOf } from './ledger';
import { assertSubscribable, subscribe, subscriptionPaidBy } from './subscriptions';
import { SUBSCRIPTION_PACK_PREFIX, SUBSCRIPTION_PLANS, type SubscriptionOrderRequest, type SubscriptionOrderResponse } from '../../shared/subscription-schemas';
import { isConflict } from '../../db/conflict';

/** The packs on sale: 110 KRW a luv, VAT included (SOOP's balloon price). The server fixes every price. */
export const LUV_PACKS: readonly LuvPack[] = [
  { packId: 'luv-100', luv: 100, price: 11_000 },
  { packId: 'luv-500', luv: 500, price: 55_000 },
  { packId: 'luv-1000', luv: 1_000, price: 110_000 },
  { packId: 'luv-3000', luv: 3_000, price: 330_000 },
  { packId: 'luv-10000', luv: 10_000, price: 1_100_000 },
];

/** Where the PG sends the browser back (the shop's pages): ?paymentKey&orderId&amount, or ?code&message&orderId. */
export const CHECKOUT_RETURN = { success: WALLET_PATHS.SHOP_SUCCESS, fail: WALLET_PATHS.SHOP_FAIL } as const;
export const DEV_CHECKOUT_PATH = '/__pg/checkout';

const DAY_MS = 86_400_000;
/** Codes of a fail redirect that mean the person stopped paying themselves (-> cancelled rather than approval error). */
const CANCELLED_BY_PERSON = new Set(['PAY_PROCESS_CANCELED', 'USER_CANCEL', 'PAY_PROCESS_ABORTED']);

const orderNotFound = () => new Refusal(404, 'ORDER_NOT_FOUND', 'payments.errors.orderNotFound');
const paymentNotFound = () => new Refusal(404, 'PAYMENT_NOT_FOUND', 'payments.errors.paymentNotFound');
const orderClosed = () => new Refusal(409, 'ORDER_CLOSED', 'payments.errors.orderClosed');
const pgUnavailable = () => new Refusal(502, 'PG_UNAVAILABLE', 'payments.errors.pgUnavailable');
/** The trigger payments_status_transition refused a move: the order moved meanwhile. */
const movedMeanwhile = (error: unknown) => isConflict(error, 'trigger', 'payment status: transition not allowed');
/** Another refund of the payment wrote first: its key, its pending refund (one at a time), or the refunded total. */
const refundRaced = (error: unknown) =>
  isConflict(error, 'unique', 'payment_refunds.idempotency_key') || isConflict(error, 'unique', 'payment_refunds.payment_id') || isConflict(error, 'check', 'refunds_within_payment');
/** A webhook's recorded outcome names the status it moved the payment to by its code ('9'). */
const outcomeOf = (status: PaymentStatus) => String(status);

export function shop(env: Env): ShopResponse {
  const pg = paymentGatewayFor(env);
  return { packs: [...LUV_PACKS], methods: [...PAYMENT_METHODS], provider: pg.provider, clientKey: pg.clientKey };
}

/** A new order (status 1) at the pack's price; the client never sends a price. */
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

/** What a refund of this payment would give back now: the unspent part, within the window; null when nothing. */
export function refundableOf(p: PaymentRow, walletBalance: number, now: number): { luv: number; amount: number } | null {
  // A subscription's order is spent on its term the moment it is approved: nothing of it is left to give back.
  if (p.subscriptionChannelId !== null) return null;
  if (p.status !== S.approved || p.approvedAt === null || now - p.approvedAt > REFUND_WINDOW_DAYS * DAY_MS) return null;
  const luv = Math.min(p.luv - p.refundedLuv, walletBalance);
  if (luv <= 0) return null;
  // Integer KRW, rounded down: never more than the luv's share of what was paid.
  const amount = Math.floor((luv * p.amount) / p.luv);
  return amount > 0 ? { luv, amount } : null;
}

export function flaxPaymentOf(p: PaymentRow, walletBalance: number, now = Date.now()): FlaxPayment {
  return {
    paymentId: p.id,
    orderId: p.orderId,
    orderName: p.orderName,
    packId: p.packId,
    luv: p.luv,
    amount: p.amount,
    method: p.method,
    status: p.status,
    createdAt: p.createdAt,
    approvedAt: p.approvedAt,
    cancelledAt: p.cancelledAt,
    refundedLuv: p.refundedLuv,
    refundedAmount: p.refundedAmount,
    refundable: refundableOf(p, walletBalance, now),
    virtualAccount: p.vaBank !== null ? { bank: p.vaBank, accountNumber: p.vaAccount ?? '', holder: p.vaHolder ?? '', dueAt: p.vaDueAt ?? 0 } : null,
  };
}

async function answerOf(db: D1Database, orderId: string): Promise<ConfirmResponse> {
  const payment = (await findPaymentByOrderId(db, orderId))!;
  // An approved subscription order whose term is not paid yet (the first try failed half-way) pays it now.
  const subscription = payment.status === S.approved ? await paySubscriptionOf(db, payment) : null;
  const balance = await memberBalance(db, payment.memberId, 'wallet');
  return { payment: flaxPaymentOf(payment, balance), balance, subscription };
}

/**
 * An approved order that pays a subscription: its luv (credited by the approval) pays the term, under the order's
 * id as the subscribe's idempotency key, so a confirm asked again, a webhook and a retry pay it once. When the
 * subscribe is refused (the member subscribed meanwhile with luv, or spent the luv first), the luv stays in the
 * wallet: nothing is lost, and the answer says no subscription was paid.
 */
async function paySubscriptionOf(db: D1Database, order: PaymentRow): Promise<PaidSubscription | null> {
  if (order.subscriptionChannelId === null || order.subscriptionPlan === null) return null;
  const paid = await subscriptionPaidBy(db, order.memberId, order.orderId);
  if (paid) return paid;
  try {
    await subscribe(db, order.memberId, { channelId: order.subscriptionChannelId, plan: order.subscriptionPlan, idempotencyKey: order.orderId });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.warn(JSON.stringify({ event: 'payments.subscription_refused', orderId: order.orderId, code: error.code }));
  }
  return subscriptionPaidBy(db, order.memberId, order.orderId);
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
  return {
    orderId: order.orderId,
    orderName: order.orderName,
    amount: order.amount,
    method: order.method,
    successUrl: CHECKOUT_RETURN.success,
    failUrl: CHECKOUT_RETURN.fail,
    checkoutUrl: pg.provider === 'dev' ? `${DEV_CHECKOUT_PATH}?orderId=${encodeURIComponent(order.orderId)}` : null,
    provider: pg.provider,
    clientKey: pg.clientKey,
  };
}

/** Credit an approved order's luv with its status change (2 or 0 -> 9) in one batch; once per order. */
async function credit(db: D1Database, order: PaymentRow, depositedAmount: number | null, extra: D1PreparedStatement[] = []): Promise<'applied' | 'replayed'> {
  const result = await creditPurchase(db, {
    memberId: order.memberId,
    amount: order.luv,
    key: `purchase:${order.orderId}`,
    alongside: [approveStatement(db, order.id, Date.now(), depositedAmount), ...extra],
  });
  return result.status;
}

/** What the PG's answer to a confirm means for the order. */
async function settleConfirm(db: D1Database, pg: PaymentGateway, order: PaymentRow, payment: PgPayment): Promise<void> {
  const at = Date.now();
  if (payment.orderId !== order.orderId || payment.totalAmount !== order.amount) {
    // The PG took another amount than the order's: never credited; given back at the PG.
    await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: 'AMOUNT_MISMATCH', message: `PG amount ${payment.totalAmount}` })]);
    await pg
      .cancel({ paymentKey: payment.paymentKey, cancelAmount: payment.totalAmount, reason: 'amount mismatch', idempotencyKey: `mismatch:${order.orderId}` })
      .catch((error) => console.error('PG cancel of a mismatched payment failed', error));
    throw new Refusal(409, 'AMOUNT_MISMATCH', 'payments.errors.amountMismatch');
  }
  if (payment.status === 'DONE') {
    await credit(db, order, null);
    return;
  }
  if (payment.status === 'WAITING_FOR_DEPOSIT' && payment.virtualAccount) {
    const va = payment.virtualAccount;
    const dueAt = Date.parse(va.dueDate);
    await markWaitingForDeposit(db, order.id, { bank: va.bank, accountNumber: va.accountNumber, holder: va.customerName, dueAt: Number.isFinite(dueAt) ? dueAt : 0, secret: payment.secret });
    return;
  }
  await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: payment.status, message: null })]);
  throw new Refusal(409, 'PAYMENT_REJECTED', 'payments.errors.rejected');
}

/**
 * The browser came back from the PG's checkout. The order must be the caller's and the amount its own; then
 * 1 -> 2, the PG is asked, and only its yes credits the luv (-> 9) or waits for a deposit (-> 0). A confirm
 * asked again answers the same payment and moves nothing; one left at 2 (the PG did not answer) asks the PG
 * again with the same Idempotency-Key, so an order never sticks at 2.
 */
export async function confirmPayment(env: Env, memberId: number, request: ConfirmRequest, context: GatewayContext): Promise<ConfirmResponse> {
  const db = env.DB;
  let order = await findPaymentByOrderId(db, request.orderId);
  if (!order || order.memberId !== memberId) throw orderNotFound();
  if (request.amount !== order.amount) throw new Refusal(400, 'AMOUNT_MISMATCH', 'payments.errors.amountMismatch', { amount: 'payments.errors.amountMismatch' });
  if (mayMove(order.status, S.inProgress)) {
    try {
      await startConfirm(db, order.id, request.paymentKey);
    } catch (error) {
      if (isConflict(error, 'unique', 'payments.payment_key')) throw orderClosed(); // that key paid another order
      throw error;
    }
    order = (await findPaymentByOrderId(db, request.orderId))!;
  }
  if (order.paymentKey !== request.paymentKey) throw orderClosed();
  if (order.status !== S.inProgress) {
    if (order.status === S.approved || order.status === S.waiting) return answerOf(db, order.orderId); // a replay: the same payment
    throw orderClosed();
  }

  const pg = paymentGatewayFor(env, context);
  let payment: PgPayment;
  try {
    payment = await pg.confirm({ paymentKey: request.paymentKey, orderId: order.orderId, amount: order.amount, idempotencyKey: `confirm:${order.orderId}` });
  } catch (error) {
    if (error instanceof PgRefused) {
      await db.batch([statusStatement(db, order.id, S.approvalError, { at: Date.now(), code: error.code, message: error.pgMessage })]).catch(() => {});
      throw new Refusal(409, 'PAYMENT_REJECTED', 'payments.errors.rejected');
    }
    if (error instanceof PgUnavailable) throw pgUnavailable();
    throw error;
  }
  try {
    await settleConfirm(db, pg, order, payment);
  } catch (error) {
    // A concurrent confirm of the same order settled it first: the trigger refused our second move.
    if (!movedMeanwhile(error)) throw error;
  }
  return answerOf(db, order.orderId);
}

/**
 * A webhook from the PG: proven by the gateway before anything is read, applied once per event id. A deposit
 * of the order's amount credits it (0 -> 9), as does an approval whose confirm lost the PG's answer (2 -> 9);
 * another amount is a wrong deposit (0 -> 6); a cancelled or
 * expired payment is 7; a payment the PG aborted before approval is 8. Anything else is recorded and ignored.
 */
export async function receiveWebhook(env: Env, headers: Headers, body: string, context: GatewayContext = {}): Promise<{ received: true; outcome: string }> {
  const db = env.DB;
  const pg = paymentGatewayFor(env, context);
  let event: Awaited<ReturnType<PaymentGateway['verifyWebhook']>>;
  try {
    event = await pg.verifyWebhook(headers, body);
  } catch (error) {
    if (error instanceof PgUnavailable) throw pgUnavailable(); // the PG sends it again
    throw error;
  }
  if (!event) throw new Refusal(401, 'BAD_SIGNATURE', 'payments.errors.badSignature');
  if (await webhookSeen(db, event.eventId)) return { received: true, outcome: 'replayed' };

  const at = Date.now();
  const order = await findPaymentByOrderId(db, event.orderId);
  const record = (outcome: string) => webhookStatement(db, { eventId: event.eventId, orderId: event.orderId, eventType: event.eventType, pgStatus: event.status, outcome, at });
  const ignore = async (why: string) => {
    await record(why)
      .run()
      .catch((error) => {
        if (!isConflict(error, 'unique', 'payment_webhooks.event_id')) throw error;
      });
    return { received: true as const, outcome: why };
  };
  if (!order) return ignore('unknown order');
  if (event.paymentKey && order.paymentKey && event.paymentKey !== order.paymentKey) return ignore('another payment key');
  if (event.eventType === 'DEPOSIT_CALLBACK' && order.depositSecret !== event.secret) return ignore('secret differs');

  try {
    // A card payment approved while its confirm lost the PG's answer (left at 2): the webhook finishes it.
    if (event.status === 'DONE' && order.status === S.inProgress && event.totalAmount === order.amount) {
      const moved = await credit(db, order, null, [record(outcomeOf(S.approved))]);
      await paySubscriptionOf(db, order);
      return { received: true, outcome: moved === 'applied' ? outcomeOf(S.approved) : 'replayed' };
    }
    if (event.status === 'DONE' && order.status === S.waiting) {
      const deposited = event.totalAmount ?? order.amount;
      if (deposited === order.amount) {
        const moved = await credit(db, order, deposited, [record(outcomeOf(S.approved))]);
        await paySubscriptionOf(db, order);
        return { received: true, outcome: moved === 'applied' ? outcomeOf(S.approved) : 'replayed' };
      }
      await db.batch([statusStatement(db, order.id, S.wrongDeposit, { at, depositedAmount: deposited, code: 'WRONG_DEPOSIT', message: `deposited ${deposited}` }), record(outcomeOf(S.wrongDeposit))]);
      return { received: true, outcome: outcomeOf(S.wrongDeposit) };
    }
    // Narrower than the state machine: an approved payment ends only by a refund, and a requested one only by CANCELED.
    const ended = event.status === 'CANCELED' || event.status === 'EXPIRED' || event.status === 'ABORTED';
    if (ended && (order.status === S.waiting || order.status === S.wrongDeposit || (order.status === S.requested && event.status === 'CANCELED'))) {
      await db.batch([statusStatement(db, order.id, S.cancelled, { at, code: event.status, message: null }), record(outcomeOf(S.cancelled))]);
      return { received: true, outcome: outcomeOf(S.cancelled) };
    }
    if ((event.status === 'ABORTED' || event.status === 'EXPIRED') && mayMove(order.status, S.approvalError)) {
      await db.batch([statusStatement(db, order.id, S.approvalError, { at, code: event.status, message: null }), record(outcomeOf(S.approvalError))]);
      return { received: true, outcome: outcomeOf(S.approvalError) };
    }
  } catch (error) {
    // The same event applied by a concurrent delivery, or the order moved meanwhile: nothing more to do.
    if (isConflict(error, 'unique', 'payment_webhooks.event_id')) return { received: true, outcome: 'replayed' };
    if (!movedMeanwhile(error)) throw error;
  }
  return ignore(`no change: ${event.status} at ${order.status}`);
}

/** The PG's fail redirect, told by the browser: an order still requested becomes 7 (the person cancelled) or 8. */
export async function paymentFailure(db: D1Database, query: { orderId: string; code?: string; message?: string }, t: Translate) {
  const order = await findPaymentByOrderId(db, query.orderId);
  if (!order) throw orderNotFound();
  const code = query.code ?? 'UNKNOWN';
  const cancelled = CANCELLED_BY_PERSON.has(code);
  if (order.status === S.requested) {
    await db.batch([statusStatement(db, order.id, cancelled ? S.cancelled : S.approvalError, { at: Date.now(), code, message: query.message ?? null })]).catch((error) => {
      if (!movedMeanwhile(error)) throw error; // moved meanwhile (a confirm began): left as it is
    });
  }
  const now = (await findPaymentByOrderId(db, query.orderId))!;
  return { orderId: now.orderId, status: now.status, message: t(cancelled ? 'payments.failure.cancelled' : 'payments.failure.failed') };
}

const DEFAULT_PAGE = 20;
const MOBILE_PAGE = 10;
export interface PaymentsQuery {
  offset: number;
  limit?: number;
  option: '7' | '30' | '90' | '365';
  mobile: 'true' | 'false';
}
const pageOf = (q: PaymentsQuery) => ({ offset: q.offset, limit: q.limit ?? (q.mobile === 'true' ? MOBILE_PAGE : DEFAULT_PAGE) });
const sinceOf = (q: PaymentsQuery, now: number) => now - Number(q.option) * DAY_MS;

/** The member's PG payments (flax payments) of the period, newest first. */
export async function flaxPayments(db: D1Database, memberId: number, q: PaymentsQuery): Promise<FlaxPaymentListResponse> {
  const now = Date.now();
  const page = pageOf(q);
  const [{ rows, total }, balance] = await Promise.all([listMemberPayments(db, memberId, sinceOf(q, now), page), memberBalance(db, memberId, 'wallet')]);
  return { items: rows.map((r) => flaxPaymentOf(r, balance, now)), ...page, total };
}

/** Items bought with luv carry 'item:<code>x<quantity>' as their movement's memo (services/items.ts). */
const ITEM_MEMO = /^item:(\d+)x(\d+)$/;

/** Every spend out of the member's wallet in the period (gifts, subscriptions, items), newest first. */
export async function luvPayments(db: D1Database, memberId: number, q: PaymentsQuery): Promise<LuvPaymentListResponse> {
  const page = pageOf(q);
  const { rows, total } = await listLuvPayments(db, memberId, sinceOf(q, Date.now()), page);
  const items = rows.map(({ memo, kind, ...r }) => {
    const item = memo ? ITEM_MEMO.exec(memo) : null;
    return { ...r, kind: kind === 'purchase' ? ('item' as const) : (kind as 'gift' | 'subscription'), itemCode: item ? Number(item[1]) : null, quantity: item ? Number(item[2]) : null };
  });
  return { items, ...page, total };
}

export const waitingSummary = (db: D1Database, memberId: number) => waitingLuv(db, memberId);

/** Ask the PG to refund a pending refund, then mark it done, or put its luv back when the PG says no. */
async function settleRefund(db: D1Database, pg: PaymentGateway, payment: PaymentRow, refund: RefundRow): Promise<void> {
  try {
    await pg.cancel({ paymentKey: payment.paymentKey!, cancelAmount: refund.amount, reason: '청약철회 (unspent luv)', idempotencyKey: refund.idempotencyKey });
  } catch (error) {
    if (error instanceof PgUnavailable) throw pgUnavailable(); // stays pending; the next call asks again
    if (!(error instanceof PgRefused)) throw error;
    const [wallet, clearing] = await Promise.all([walletOf(db, payment.memberId), systemAccount(db, 'pg_clearing')]);
    await move(db, {
      idempotencyKey: `${refund.idempotencyKey}:reversed`,
      kind: 'refund',
      memo: `PG refused: ${error.code}`,
      legs: [
        { accountId: clearing, amount: -refund.luv },
        { accountId: wallet, amount: refund.luv },
      ],
      alongside: reverseRefundStatements(db, {
        paymentId: payment.id,
        key: refund.idempotencyKey,
        luv: refund.luv,
        amount: refund.amount,
        at: Date.now(),
        message: `${error.code}: ${error.pgMessage}`,
      }),
    });
    throw new Refusal(409, 'REFUND_REJECTED', 'payments.errors.refundRejected');
  }
  await settleRefundDone(db, refund.idempotencyKey, payment.id, Date.now()).catch((error) => {
    if (!isConflict(error, 'trigger', 'payment refund: settled already')) throw error; // a concurrent call settled the same refund
  });
}

/**
 * GET /api/shoppings/flax/payments-cancel: refund the unspent luv of an approved payment within the window.
 * Someone else's payment is as missing as one that does not exist.
 */
export async function cancelPayment(env: Env, memberId: number, paymentId: number, context: GatewayContext): Promise<PaymentCancelResponse> {
  const db = env.DB;
  const payment = await findPaymentById(db, paymentId);
  if (!payment || payment.memberId !== memberId) throw paymentNotFound();
  const pg = paymentGatewayFor(env, context);

  let refund = await pendingRefund(db, payment.id);
  if (!refund) {
    const refundable = refundableOf(payment, await memberBalance(db, memberId, 'wallet'), Date.now());
    if (!refundable) throw new Refusal(409, 'NOT_REFUNDABLE', 'payments.errors.notRefundable');
    // Keyed by how much was refunded before: two cancels racing from the same state are one movement.
    const key = `refund:${payment.orderId}:${payment.refundedLuv}`;
    try {
      const moved = await refundPurchase(db, {
        memberId,
        amount: refundable.luv,
        key,
        alongside: refundStatements(db, { paymentId: payment.id, key, luv: refundable.luv, amount: refundable.amount, at: Date.now() }),
      });
      if (moved.status === 'replayed') throw new Refusal(409, 'REFUND_IN_PROGRESS', 'payments.errors.refundInProgress');
    } catch (error) {
      // The wallet was spent meanwhile: what is refundable changed, so nothing moved and the member may ask again.
      if (error instanceof Refusal && error.code === 'INSUFFICIENT_LUV') throw new Refusal(409, 'NOT_REFUNDABLE', 'payments.errors.notRefundable');
      // Another cancel of this payment got there first (its key, its pending refund, or the refunded total).
      if ((error instanceof Refusal && error.code === 'IDEMPOTENCY_CONFLICT') || refundRaced(error)) {
        throw new Refusal(409, 'REFUND_IN_PROGRESS', 'payments.errors.refundInProgress');
      }
      throw error;
    }
    refund = (await pendingRefund(db, payment.id))!;
  }
  await settleRefund(db, pg, payment, refund);
  const after = (await findPaymentById(db, payment.id))!;
  const balance = await memberBalance(db, memberId, 'wallet');
  return { payment: flaxPaymentOf(after, balance), refundedLuv: refund.luv, refundedAmount: refund.amount, balance };
}
