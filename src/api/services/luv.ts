// The luv calls: a member's gift to a channel on air, their balances and their gift lists.
// The movement itself is the ledger's (services/ledger.ts); the room hears of a gift through chat-events.

import type { PageRequest } from '../../shared/paging';
import { findMovement, listGifts, memberBalance } from '../../db/ledger';
import { hiddenSupporters } from '../../db/messages';
import { findGiftParties } from '../../db/gifts';
import { receivedTotals } from '../../db/earnings';
import { giftHistoryStatement } from '../../db/watch-history';
import { Refusal } from '../../lib/errors';
import type { GiftListResponse, GiftRequest, GiftResponse } from '../../shared/luv-schemas';
import type { receivedSummarySchema } from '../../shared/shop-schemas';
import type { z } from 'zod';
import { publishGift } from './chat-events';
import { kstPeriodStart } from './channels';
import { gift } from './ledger';
import { notFoundChannel } from './watch-error';

/** The item code a plain luv gift carries in the room's gift event. */
export const LUV_GIFT_ITEM_CODE = 100;

/**
 * Send luv from the member's wallet to the earnings of a channel's creator while the channel is live.
 * `waitUntil` (the request's) lets the room hear of the gift after the answer has gone; without it the
 * event is sent before answering.
 */
export async function sendGift(env: Env, memberId: number, request: GiftRequest, waitUntil?: (work: Promise<unknown>) => void): Promise<GiftResponse> {
  // One read for the channel, its live, the sender and both ledger accounts: a gift is the busiest write there is.
  const parties = await findGiftParties(env.DB, request.channelId, memberId);
  if (!parties) throw notFoundChannel();
  if (parties.ownerId === memberId) throw new Refusal(400, 'SELF_GIFT', 'luv.errors.selfGift');
  // Namespaced by sender: two members' keys never collide, and a key replays only its own sender's gift.
  const key = `gift:${memberId}:${request.idempotencyKey}`;
  // Off air, only a gift sent before goes on: the ledger answers it as it was (a replay).
  if (!parties.live && !(await findMovement(env.DB, key))) throw new Refusal(409, 'NOT_LIVE', 'luv.errors.notLive');

  // The gift-view list (/my/gifts) is written in the gift's own batch: both or neither, and once per key.
  const history = giftHistoryStatement(env.DB, { memberId, channelId: parties.channelId, amount: request.amount, at: Date.now() });
  const accounts = { wallet: parties.walletId, earnings: parties.earningsId };
  const result = await gift(env.DB, { from: memberId, to: parties.ownerId, amount: request.amount, key, alongside: [history], accounts });
  if (result.status === 'applied' && parties.senderLoginId !== null) {
    // A sender who chose not to be shown as a supporter is anonymous to the whole room.
    const from = parties.senderHidden ? null : { loginId: parties.senderLoginId, nickname: parties.senderNickname ?? '' };
    const event = { from, itemCode: LUV_GIFT_ITEM_CODE, amount: request.amount, ...(request.message ? { message: request.message } : {}) };
    // The luv has moved: a room that cannot be told now does not undo the gift.
    const told = publishGift(env, parties.channelId, event).catch((error) => console.error('gift event not published', error));
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
