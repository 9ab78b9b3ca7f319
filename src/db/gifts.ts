import { OPEN_LIVE } from './streams';

/** What sending a gift must know before the ledger moves, read in one statement (a gift is the busiest write). */
export interface GiftParties {
  channelId: number;
  ownerId: number;
  /** 1 when the channel has an open live. */
  live: number;
  /** Null when the sender's row is gone. */
  senderLoginId: string | null;
  senderNickname: string | null;
  /** 1 when the sender turned isSponser off: the room hears of the gift from an anonymous supporter. */
  senderHidden: number;
  /** The sender's wallet and the creator's earnings accounts, null until their first movement creates them. */
  walletId: number | null;
  earningsId: number | null;
}

/** The channel (null when there is none), whether it is on air, the sender's names and both ledger accounts. */
export function findGiftParties(db: D1Database, channelId: number, senderId: number): Promise<GiftParties | null> {
  return db
    .prepare(
      `SELECT ch.id AS channelId, ch.owner_id AS ownerId,
         EXISTS (SELECT 1 FROM streams s WHERE s.channel_id = ch.id AND ${OPEN_LIVE}) AS live,
         m.login_id AS senderLoginId, m.nickname AS senderNickname,
         EXISTS (SELECT 1 FROM member_settings WHERE member_id = ?2 AND is_sponser = 0) AS senderHidden,
         (SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND owner_id = ?2) AS walletId,
         (SELECT id FROM ledger_accounts WHERE kind = 'earnings' AND owner_id = ch.owner_id) AS earningsId
       FROM channels ch LEFT JOIN members m ON m.id = ?2
       WHERE ch.id = ?1`,
    )
    .bind(channelId, senderId)
    .first<GiftParties>();
}
