/** The hash of a partner's ASP key, or null when it has none. */
export async function aspKeyHash(db: D1Database, partnerCode: string): Promise<string | null> {
  const row = await db.prepare('SELECT key_hash AS keyHash FROM asp_keys WHERE partner_code = ?').bind(partnerCode).first<{ keyHash: string }>();
  return row?.keyHash ?? null;
}

export function findAspMember(db: D1Database, partnerCode: string, userkey: string): Promise<{ memberId: number } | null> {
  return db.prepare('SELECT member_id AS memberId FROM asp_members WHERE partner_code = ? AND userkey = ?').bind(partnerCode, userkey).first<{ memberId: number }>();
}

/** Remember which partner user a new member is; a userkey already taken keeps its first member. */
export async function linkAspMember(db: D1Database, partnerCode: string, userkey: string, memberId: number): Promise<void> {
  await db.prepare('INSERT OR IGNORE INTO asp_members (partner_code, userkey, member_id) VALUES (?, ?, ?)').bind(partnerCode, userkey, memberId).run();
}
