// Following: who follows which channel, whether they want its went-live notices, and the channel's count of
// followers, which moves in the same transaction as the row (never recounted).

export interface FollowState {
  following: boolean;
  notify: boolean;
  followerCount: number;
}

/** Whether `memberId` (null: a guest) follows the channel, and its count; null: no such channel. */
export async function followState(db: D1Database, memberId: number | null, channelId: number): Promise<FollowState | null> {
  const row = await db
    .prepare('SELECT ch.follower_count AS followerCount, f.notify FROM channels ch LEFT JOIN follows f ON f.channel_id = ch.id AND f.member_id = ?2 WHERE ch.id = ?1')
    .bind(channelId, memberId ?? 0)
    .first<{ followerCount: number; notify: number | null }>();
  return row ? { following: row.notify !== null, notify: row.notify === 1, followerCount: row.followerCount } : null;
}

/**
 * Follow (a second time changes nothing but `notify`, when given), and count the follower once: the count moves by
 * the rows the insert wrote (changes(): 0 when it was already there), in the same batch.
 */
export async function follow(db: D1Database, memberId: number, channelId: number, notify: boolean | undefined, now: number): Promise<void> {
  await db.batch([
    db.prepare('INSERT OR IGNORE INTO follows (member_id, channel_id, notify, created_at) VALUES (?1, ?2, ?3, ?4)').bind(memberId, channelId, notify === false ? 0 : 1, now),
    db.prepare('UPDATE channels SET follower_count = follower_count + changes() WHERE id = ?').bind(channelId),
    ...(notify === undefined ? [] : [db.prepare('UPDATE follows SET notify = ?3 WHERE member_id = ?1 AND channel_id = ?2').bind(memberId, channelId, notify ? 1 : 0)]),
  ]);
}

/** Unfollow; the count moves only by a row that was there. */
export async function unfollow(db: D1Database, memberId: number, channelId: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM follows WHERE member_id = ?1 AND channel_id = ?2').bind(memberId, channelId),
    db.prepare('UPDATE channels SET follower_count = follower_count - changes() WHERE id = ?').bind(channelId),
  ]);
}

/** A follower to tell: `awake` when their pages opened their inbox lately (an open page can show the notice). */
export interface FollowerToTell {
  memberId: number;
  awake: boolean;
}

/**
 * The channel's followers who want its notices and can be told: their pages opened their inbox since `seenSince`,
 * or a browser of theirs takes Web Push; after member id `after` (up to `until`), in member order, at most `limit`.
 */
export async function followersToTell(db: D1Database, channelId: number, seenSince: number, after: number, limit: number, until = Number.MAX_SAFE_INTEGER): Promise<FollowerToTell[]> {
  const { results } = await db
    .prepare(
      `SELECT f.member_id AS memberId, COALESCE(m.inbox_seen_at >= ?5, 0) AS awake FROM follows f JOIN members m ON m.id = f.member_id
       WHERE f.channel_id = ?1 AND f.notify = 1 AND f.member_id > ?2 AND f.member_id <= ?3
         AND (m.inbox_seen_at >= ?5 OR EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.member_id = f.member_id))
       ORDER BY f.member_id LIMIT ?4`,
    )
    .bind(channelId, after, until, limit, seenSince)
    .all<{ memberId: number; awake: number }>();
  return results.map((r) => ({ memberId: r.memberId, awake: r.awake === 1 }));
}
