// Paid channel subscriptions: subscribing (one ledger movement with the subscription's rows alongside),
// cancelling the renewal, unsubscribing, using a pass, the renewal run of the Cron Trigger, and the two lists.
//
// Every paid term has one ledger key, sub:<member>:<channel>:<term>, whoever pays it (a subscribe or a
// renewal run): two calls for the same term, concurrent or repeated, write one movement and the second is a
// replay that moves nothing. The term's rows go in the movement's batch and throw when they cannot apply.
// Money: the plan's luv goes from the wallet, 70% to the creator's earnings and the rest to platform_revenue
// (SUBSCRIPTION_CREATOR_SHARE_PERCENT in services/ledger.ts).
//
// Statuses: 1 subscribed; 5 a monthly's renewal cancelled and 2 unsubscribed (the member ended it), both running
// to their expiry with nothing renewed, then 3 expired; 4 a pass bought and not used yet (no expiry: its days
// start when the member uses it). One row per member and channel, so a running subscription or an unused pass
// refuses another purchase for the same channel.

import type { PageRequest } from '../../shared/paging';
import { findChannel } from '../../db/channels';
import { memberBalance } from '../../db/ledger';
import {
  activatePass,
  cancelRenewal as cancelRenewalRow,
  dueSubscriptions,
  expire,
  findSubscription,
  findTermByRequest,
  listSubscriptions,
  renewStatements,
  type SubscriptionRow,
  subscribeStatement,
  type TermWrite,
  termStatement,
  unsubscribe as unsubscribeRow,
} from '../../db/subscriptions';
import { Refusal } from '../../lib/errors';
import {
  type ActivatePassResponse,
  type PlanId,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUS,
  type SubscribeRequest,
  type SubscribeResponse,
  type SubscriptionListResponse,
  type UnsubscribeResponse,
} from '../../shared/subscription-schemas';
import { subscriptionPayment } from './ledger';
import { notFoundChannel } from './watch-error';
import { isConflict } from '../../db/conflict';

const DAY_MS = 86_400_000;
const termKey = (memberId: number, channelId: number, term: number) => `sub:${memberId}:${channelId}:${term}`;
const { subscribed, unsubscribed, unused, renewalCancelled } = SUBSCRIPTION_STATUS;
/** Status 1 subscribed, 5 renewal cancelled and 2 unsubscribed are running terms (5 and 2 until their expiry). */
function isActive(s: SubscriptionRow | null, now: number): boolean {
  if (s === null) return false;
  if (s.status === unsubscribed) return s.expiresAt !== null && s.expiresAt > now;
  return (s.status === subscribed || s.status === renewalCancelled) && (s.expiresAt === null || s.expiresAt > now);
}
/** The expiry a subscription's answer carries: none for an unused pass, else the row's (or the paid term's). */
const expiryOf = (current: SubscriptionRow | null, termEnd: number) => (current?.status === unused ? null : (current?.expiresAt ?? termEnd));

function refuseUnsubscribable(channel: { ownerId: number }, current: SubscriptionRow | null, memberId: number, now: number) {
  if (channel.ownerId === memberId) throw new Refusal(400, 'OWN_CHANNEL', 'subscriptions.errors.ownChannel');
  if (isActive(current, now)) throw new Refusal(409, 'ALREADY_SUBSCRIBED', 'subscriptions.errors.alreadySubscribed');
  // Another purchase would replace the row and with it a pass already paid for.
  if (current?.status === unused) throw new Refusal(409, 'UNUSED_PASS', 'subscriptions.errors.unusedPass');
}

/** Refuses as subscribe() would before anything is paid (an order through the PG is checked before checkout). */
export async function assertSubscribable(db: D1Database, memberId: number, channelId: number, now = Date.now()): Promise<{ title: string }> {
  const [channel, current] = await Promise.all([findChannel(db, channelId), findSubscription(db, memberId, channelId)]);
  if (!channel) throw notFoundChannel();
  refuseUnsubscribable(channel, current, memberId, now);
  return { title: channel.title };
}

/** The subscription a request key (an order id) paid for, with its status now; null when none was paid. */
export async function subscriptionPaidBy(db: D1Database, memberId: number, requestKey: string) {
  const term = await findTermByRequest(db, memberId, requestKey);
  if (!term) return null;
  const current = await findSubscription(db, memberId, term.channelId);
  return { channelId: term.channelId, plan: term.plan, status: current?.status ?? subscribed, expiresAt: expiryOf(current, term.endsAt) };
}

/** Subscribe the member to a channel with a plan, paying its first term from their wallet (a pass: held unused). */
export async function subscribe(db: D1Database, memberId: number, request: SubscribeRequest, now = Date.now()): Promise<SubscribeResponse> {
  const plan = SUBSCRIPTION_PLANS[request.plan];
  const [channel, current, earlier] = await Promise.all([
    findChannel(db, request.channelId),
    findSubscription(db, memberId, request.channelId),
    findTermByRequest(db, memberId, request.idempotencyKey),
  ]);
  // A retry of a subscribe that went through answers it as it was.
  if (earlier) {
    if (earlier.channelId !== request.channelId || earlier.plan !== request.plan) throw new Refusal(409, 'IDEMPOTENCY_CONFLICT', 'luv.errors.idempotencyConflict');
    return {
      channelId: request.channelId,
      plan: request.plan,
      status: current?.status ?? subscribed,
      expiresAt: expiryOf(current, earlier.endsAt),
      balance: await memberBalance(db, memberId, 'wallet'),
      replayed: true,
    };
  }
  if (!channel) throw notFoundChannel();
  refuseUnsubscribable(channel, current, memberId, now);

  const term: TermWrite = {
    memberId,
    channelId: channel.id,
    term: (current?.term ?? 0) + 1,
    plan: request.plan,
    luv: plan.luv,
    startsAt: now,
    // A pass's term holds the purchase time as both ends until it is used (activate sets its real days).
    endsAt: plan.pass ? now : now + plan.days * DAY_MS,
    requestKey: request.idempotencyKey,
  };
  const result = await subscriptionPayment(db, {
    from: memberId,
    creator: channel.ownerId,
    amount: plan.luv,
    key: termKey(memberId, channel.id, term.term),
    alongside: [termStatement(db, term), subscribeStatement(db, term, plan.pass)],
  });
  if (result.status === 'replayed') {
    // A concurrent subscribe paid this term first: report the subscription it made.
    const now2 = await findSubscription(db, memberId, channel.id);
    return {
      channelId: channel.id,
      plan: now2?.plan ?? request.plan,
      status: now2?.status ?? subscribed,
      expiresAt: expiryOf(now2, term.endsAt),
      balance: await memberBalance(db, memberId, 'wallet'),
      replayed: true,
    };
  }
  const wallet = result.legs.find((leg) => leg.amount < 0)!.accountId;
  return {
    channelId: channel.id,
    plan: request.plan,
    status: plan.pass ? unused : subscribed,
    expiresAt: plan.pass ? null : term.endsAt,
    balance: result.balances!.get(wallet)!,
    replayed: false,
  };
}

/** Stop a monthly subscription renewing: status 5, and it runs to its expiry. */
export async function cancelRenewal(db: D1Database, memberId: number, channelId: number, now = Date.now()) {
  if (!(await cancelRenewalRow(db, memberId, channelId, now))) throw new Refusal(409, 'NOT_RENEWING', 'subscriptions.errors.notRenewing');
  const row = (await findSubscription(db, memberId, channelId))!;
  return { channelId, status: renewalCancelled, expiresAt: row.expiresAt ?? now };
}

/**
 * The member ends their subscription: status 2 at once, nothing renews, and the days paid run to their expiry
 * (then 3, as a cancelled renewal does). Nothing is refunded. Asked again while it runs, it answers the same.
 * An unused pass is not a running subscription: it is kept until used.
 */
export async function unsubscribe(db: D1Database, memberId: number, channelId: number, now = Date.now()): Promise<UnsubscribeResponse> {
  const expiresAt = await unsubscribeRow(db, memberId, channelId, now);
  if (expiresAt !== null) return { channelId, status: unsubscribed, expiresAt };
  const current = await findSubscription(db, memberId, channelId);
  if (current?.status === unsubscribed && current.expiresAt !== null && current.expiresAt > now) return { channelId, status: unsubscribed, expiresAt: current.expiresAt };
  throw new Refusal(409, 'NOT_SUBSCRIBED', 'subscriptions.errors.notSubscribed');
}

/**
 * The member uses their unused pass for a channel: its days start now (status 1; it does not renew). Nothing is
 * paid here (the pass was). Asked again once used, it answers the subscription the pass started.
 */
export async function usePass(db: D1Database, memberId: number, channelId: number, now = Date.now()): Promise<ActivatePassResponse> {
  let current = await findSubscription(db, memberId, channelId);
  const plan = current?.plan ? SUBSCRIPTION_PLANS[current.plan] : null;
  if (current && plan?.pass && current.status === unused) {
    const expiresAt = now + plan.days * DAY_MS;
    if (await activatePass(db, memberId, channelId, current.term, now, expiresAt)) return { channelId, plan: current.plan!, status: subscribed, startedAt: now, expiresAt };
    current = await findSubscription(db, memberId, channelId); // used by a concurrent call: answer what it started
  }
  if (current?.plan && SUBSCRIPTION_PLANS[current.plan].pass && current.status === subscribed && current.expiresAt !== null && current.expiresAt > now) {
    return { channelId, plan: current.plan!, status: subscribed, startedAt: current.startedAt, expiresAt: current.expiresAt };
  }
  throw new Refusal(409, 'NO_UNUSED_PASS', 'subscriptions.errors.noUnusedPass');
}

export interface RenewalReport {
  renewed: number;
  replayed: number;
  failed: number;
  expired: number;
}

/**
 * The Cron Trigger's run: every subscription whose term has ended by `now` is renewed (monthly, status 1:
 * the next term paid under its own key, history 1) or lapses to 3 expired (a fixed plan, a cancelled
 * renewal, or a wallet short of the price: history 3). Safe to run twice or at once: a term is paid once.
 */
export async function renewDueSubscriptions(db: D1Database, now = Date.now(), batch = 100, maxBatches = 20): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, replayed: 0, failed: 0, expired: 0 };
  // Page after page while pages come full and the last one changed something (a row that keeps failing
  // for another reason stays due and would be read again: it waits for the next run).
  for (let i = 0; i < maxBatches; i++) {
    const due = await dueSubscriptions(db, now, batch);
    const before = report.renewed + report.failed + report.expired;
    await renewBatch(db, due, now, report);
    if (due.length < batch || report.renewed + report.failed + report.expired === before) break;
  }
  return report;
}

async function renewBatch(db: D1Database, due: SubscriptionRow[], now: number, report: RenewalReport): Promise<void> {
  for (const s of due) {
    const plan = s.plan ? SUBSCRIPTION_PLANS[s.plan] : null;
    if (s.status !== subscribed || !plan?.renews) {
      await expire(db, s, null);
      report.expired++;
      continue;
    }
    try {
      const result = await renew(db, s, s.plan!, now);
      if (result === 'applied') report.renewed++;
      else report.replayed++;
    } catch (error) {
      if (error instanceof Refusal && error.code === 'INSUFFICIENT_LUV') {
        await expire(db, s, now);
        report.failed++;
      } else if (isConflict(error, 'trigger', 'subscription term out of order') || isConflict(error, 'unique', 'subscription_history.kind')) {
        report.replayed++; // cancelled or renewed by someone else between our read and our batch: nothing moved
      } else {
        console.error('subscription renewal failed', s.memberId, s.channelId, error);
      }
    }
  }
}

async function renew(db: D1Database, s: SubscriptionRow, planId: PlanId, now: number): Promise<'applied' | 'replayed'> {
  const plan = SUBSCRIPTION_PLANS[planId];
  const channel = await findChannel(db, s.channelId);
  if (!channel) throw new Refusal(404, 'CHANNEL_NOT_FOUND', 'errors.channelNotFound');
  // The next term starts where the last ended, so a late run does not shift the member's renewal date.
  const startsAt = s.expiresAt!;
  const term: TermWrite = { memberId: s.memberId, channelId: s.channelId, term: s.term + 1, plan: planId, luv: plan.luv, startsAt, endsAt: startsAt + plan.days * DAY_MS, requestKey: null };
  const result = await subscriptionPayment(db, {
    from: s.memberId,
    creator: channel.ownerId,
    amount: plan.luv,
    key: termKey(s.memberId, s.channelId, term.term),
    alongside: [termStatement(db, term), ...renewStatements(db, term, now)],
  });
  return result.status;
}

export async function subscriptionList(db: D1Database, side: 'member' | 'channel', memberId: number, page: PageRequest): Promise<SubscriptionListResponse> {
  const { rows, total } = await listSubscriptions(db, side, memberId, page);
  return {
    offset: page.offset,
    limit: page.limit,
    total,
    items: rows.map((r) => ({ channelId: r.channelId, title: r.title, loginId: r.loginId, nickname: r.nickname, plan: r.plan!, status: r.status, startedAt: r.startedAt, expiresAt: r.expiresAt })),
  };
}
