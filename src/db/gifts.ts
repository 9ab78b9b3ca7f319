import { OPEN_LIVE } from './streams';

/**
 * What a gift to a channel from a member goes by that never changes once read: the channel's owner (a
 * channel keeps its owner), the sender's wallet and the owner's earnings account (accounts are never
 * removed; null until their first movement creates them).
 */
export interface GiftTarget {
  channelId: number;
  ownerId: number;
  walletId: number | null;
  earningsId: number | null;
}

/** The channel's owner and both ledger accounts of a gift, or null when there is no such channel. */
export function findGiftTarget(db: D1Database, channelId: number, senderId: number): Promise<GiftTarget | null> {
  return db
    .prepare(
      `SELECT ch.id AS channelId, ch.owner_id AS ownerId,
         (SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND owner_id = ?2) AS walletId,
         (SELECT id FROM ledger_accounts WHERE kind = 'earnings' AND owner_id = ch.owner_id) AS earningsId
       FROM channels ch WHERE ch.id = ?1`,
    )
    .bind(channelId, senderId)
    .first<GiftTarget>();
}

/**
 * The gift-view list's row of a gift (/my/gifts), for the gift's own ledger batch as its guard: the row is
 * written for the channel's open live only. Off air its channel is NULL and the NOT NULL on
 * gift_history.channel_id refuses the whole batch (GIFT_OFF_AIR). A new gift brings back a channel the
 * member had hidden; a replay writes no batch, so it never counts twice.
 */
export function giftHistoryWhileLive(db: D1Database, gift: { memberId: number; channelId: number; amount: number; at: number }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO gift_history (member_id, channel_id, total_amount, last_gift_at)
       VALUES (?1, (SELECT s.channel_id FROM streams s WHERE s.channel_id = ?2 AND ${OPEN_LIVE} LIMIT 1), ?3, ?4)
       ON CONFLICT(member_id, channel_id) DO UPDATE SET
         total_amount = gift_history.total_amount + excluded.total_amount, last_gift_at = excluded.last_gift_at, hidden = 0`,
    )
    .bind(gift.memberId, gift.channelId, gift.amount, gift.at);
}

/** The column whose NOT NULL refuses a gift to a channel off air (giftHistoryWhileLive). */
export const GIFT_OFF_AIR = 'gift_history.channel_id';

/** A gift's sender as the room shows them, read in the gift's batch: no row when the member is gone. */
export interface GiftSender {
  loginId: string;
  nickname: string | null;
  /** 1 when the sender turned isSponser off: the room hears of the gift from an anonymous supporter. */
  hidden: number;
}

export function giftSenderStatement(db: D1Database, senderId: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT m.login_id AS loginId, m.nickname,
         EXISTS (SELECT 1 FROM member_settings WHERE member_id = m.id AND is_sponser = 0) AS hidden
       FROM members m WHERE m.id = ?1`,
    )
    .bind(senderId);
}
