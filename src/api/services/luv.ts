// The luv calls: a member's gift to a channel on air, their balances and their gift lists.
// The movement itself is the ledger's (services/ledger.ts); the room hears of a gift through chat-events.

import type { PageRequest } from '../../shared/paging';
import { listGifts, memberBalance } from '../../db/ledger';
import { hiddenSupporters } from '../../db/messages';
import { findGiftTarget, GIFT_OFF_AIR, type GiftSender, giftHistoryWhileLive, giftSenderStatement, type GiftTarget } from '../../db/gifts';
import { isConflict } from '../../db/conflict';
import { TtlCache } from '../../lib/ttl-cache';
import { receivedTotals } from '../../db/earnings';
import { Refusal } from '../../lib/errors';
import type { GiftListResponse, GiftRequest, GiftResponse } from '../../shared/luv-schemas';
import type { receivedSummarySchema } from '../../shared/shop-schemas';
import type { z } from 'zod';
import { publishGift } from './chat-events';
import { kstPeriodStart } from './channels';
import { earningsOf, gift, type MoveResult, walletOf } from './ledger';
import { notFoundChannel } from './watch-error';

/** The item code a plain luv gift carries in the room's gift event. */
export const LUV_GIFT_ITEM_CODE = 100;

/** How long an isolate keeps a gift's target: its parts never change, so this only bounds what it holds. */
const GIFT_TARGET_TTL_MS = 10 * 60_000;

/**
 * The stable part of a gift from a member to a channel (GiftTarget), kept in this isolate: it never changes
 * once both accounts exist, which the first load makes sure of. A missing channel is not kept (a refusal).
 */
const giftTargets = new TtlCache<string, GiftTarget>(GIFT_TARGET_TTL_MS);

async function giftTarget(db: D1Database, channelId: number, memberId: number): Promise<GiftTarget> {
  return giftTargets.get(`${channelId}:${memberId}`, async () => {
    const target = await findGiftTarget(db, channelId, memberId);
    if (!target) throw notFoundChannel();
    if (target.ownerId === memberId) return target;
    // Opened here, before any movement, as the gift would open them: empty accounts move no luv.
    const [walletId, earningsId] = await Promise.all([target.walletId ?? walletOf(db, memberId), target.earningsId ?? earningsOf(db, target.ownerId)]);
    return { ...target, walletId, earningsId };
  });
}

/**
 * Send luv from the member's wallet to the earnings of a channel's creator while the channel is live.
 * One D1 batch once the target is known: the movement, the on-air check (its guard) and the sender's names
 * for the room (docs/product/money.md, "Calls"). `waitUntil` (the request's) lets the room hear of the gift after the
 * answer has gone; without it the event is sent before answering.
 */
export async function sendGift(env: Env, memberId: number, request: GiftRequest, waitUntil?: (work: Promise<unknown>) => void): Promise<GiftResponse> {
  const target = await giftTarget(env.DB, request.channelId, memberId);
  if (target.ownerId === memberId) throw new Refusal(400, 'SELF_GIFT', 'luv.errors.selfGift');
  // Namespaced by sender: two members' keys never collide, and a key replays only its own sender's gift.
  const key = `gift:${memberId}:${request.idempotencyKey}`;
  // Off air, only a gift sent before goes on: its key is answered as a replay before the guard runs.
  const onAir = giftHistoryWhileLive(env.DB, { memberId, channelId: target.channelId, amount: request.amount, at: Date.now() });
  const accounts = { wallet: target.walletId, earnings: target.earningsId };
  let result: MoveResult;
  try {
    result = await gift(env.DB, { from: memberId, to: target.ownerId, amount: request.amount, key, guards: [onAir], alongside: [giftSenderStatement(env.DB, memberId)], accounts });
  } catch (error) {
    if (isConflict(error, 'notNull', GIFT_OFF_AIR)) throw new Refusal(409, 'NOT_LIVE', 'luv.errors.notLive');
    throw error;
  }
  const sender = result.alongside?.[0]?.results[0] as GiftSender | undefined;
  if (result.status === 'applied' && sender) {
    // A sender who chose not to be shown as a supporter is anonymous to the whole room.
    const from = sender.hidden ? null : { loginId: sender.loginId, nickname: sender.nickname ?? '' };
    const event = { from, itemCode: LUV_GIFT_ITEM_CODE, amount: request.amount, ...(request.message ? { message: request.message } : {}) };
    // The luv has moved: a room that cannot be told now does not undo the gift.
    const told = publishGift(env, target.channelId, event).catch((error) => console.error('gift event not published', error));
    if (waitUntil) waitUntil(told);
    else await told;
  }
  // The wallet is the gift's only negative leg; an applied gift carries its balance, a replay reads it.
  const walletAfter = result.balances?.get(result.legs.find((leg) => leg.amount < 0)!.accountId);
  return { balance: walletAfter ?? (await memberBalance(env.DB, memberId, 'wallet')), movementId: result.movement.id, replayed: result.status === 'replayed' };
}

export async function luvSum(db: D1Database, memberId: number, kind: 'wallet' | 'earnings') {
  return { balance: await memberBalance(db, memberId, kind) };
}

export async function giftList(db: D1Database, memberId: number, side: 'sent' | 'received', page: PageRequest): Promise<GiftListResponse> {
  const { rows, total } = await listGifts(db, memberId, side, page);
  // A giver who turned isSponser off is anonymous on the creator's side.
  const hidden =
    side === 'received'
      ? await hiddenSupporters(
          db,
          rows.map((r) => r.loginId),
        )
      : new Set<string>();
  const items = rows.map((r) => (hidden.has(r.loginId) ? { ...r, loginId: '', nickname: '', anonymous: true } : { ...r, anonymous: false }));
  return { items, offset: page.offset, limit: page.limit, total };
}

/** The member's earnings now, and the gifts received all time and this month (KST). */
export async function receivedSummary(db: D1Database, memberId: number, now = Date.now()): Promise<z.infer<typeof receivedSummarySchema>> {
  const monthStart = Math.floor(kstPeriodStart('month', now) / 1000);
  const [balance, totals] = await Promise.all([memberBalance(db, memberId, 'earnings'), receivedTotals(db, memberId, monthStart)]);
  return { balance, total: totals.total, thisMonth: totals.since, count: totals.count };
}
