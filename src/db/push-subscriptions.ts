// Web Push subscriptions: the browsers of a member that allowed notices. An endpoint belongs to one member at a
// time (a browser signed into another account moves to it); a member keeps at most MAX_PER_MEMBER browsers (the
// oldest is let go when a newer one comes).

export interface PushSubscriptionRow {
  id: number;
  memberId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

export const MAX_PER_MEMBER = 10;

/** Keep (or move to this member, with new keys) a browser's subscription, and let go of the member's oldest beyond the most. */
export async function savePushSubscription(db: D1Database, memberId: number, sub: Omit<PushSubscriptionRow, 'id' | 'memberId'>, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, locale, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (endpoint) DO UPDATE SET member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth, locale = excluded.locale, created_at = excluded.created_at`,
      )
      .bind(memberId, sub.endpoint, sub.p256dh, sub.auth, sub.locale, now),
    db
      .prepare('DELETE FROM push_subscriptions WHERE member_id = ?1 AND id NOT IN (SELECT id FROM push_subscriptions WHERE member_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2)')
      .bind(memberId, MAX_PER_MEMBER),
  ]);
}

/** A member lets go of one of their browsers; whether it was theirs. */
export async function deletePushSubscription(db: D1Database, memberId: number, endpoint: string): Promise<boolean> {
  const { meta } = await db.prepare('DELETE FROM push_subscriptions WHERE member_id = ? AND endpoint = ?').bind(memberId, endpoint).run();
  return meta.changes > 0;
}

/** The push service said the subscription is gone (404, 410): nobody will read it again. */
export async function forgetPushSubscription(db: D1Database, id: number): Promise<void> {
  await db.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(id).run();
}

/** Whether this browser's endpoint is a subscription of this member. */
export async function hasPushSubscription(db: D1Database, memberId: number, endpoint: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM push_subscriptions WHERE member_id = ? AND endpoint = ?').bind(memberId, endpoint).first()) !== null;
}

/** Every subscription of these members (a page of followers at a time). */
export async function pushSubscriptionsOf(db: D1Database, memberIds: number[]): Promise<PushSubscriptionRow[]> {
  if (memberIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id, member_id AS memberId, endpoint, p256dh, auth, locale FROM push_subscriptions
       WHERE member_id IN (SELECT value FROM json_each(?)) ORDER BY member_id, id`,
    )
    .bind(JSON.stringify(memberIds))
    .all<PushSubscriptionRow>();
  return results;
}
