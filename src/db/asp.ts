/** The hash of a partner's ASP key, or null when it has none. */
export async function aspKeyHash(db: D1Database, partnerCode: string): Promise<string | null> {
  const row = await db.prepare('SELECT key_hash AS keyHash FROM asp_keys WHERE partner_code = ?').bind(partnerCode).first<{ keyHash: string }>();
  return row?.keyHash ?? null;
}

export function findAspMember(db: D1Database, partnerCode: string, userkey: string): Promise<{ memberId: number } | null> {
  return db.prepare('SELECT member_id AS memberId FROM asp_members WHERE partner_code = ? AND userkey = ?').bind(partnerCode, userkey).first<{ memberId: number }>();
}

/**
 * Bind a partner user to the member signing up as `loginId`, placed right after that member's insert in one batch:
 * it binds only when that insert applied (changes() = 1: a login ID taken meanwhile binds no one else's account),
 * and a userkey already bound fails the statement (its primary key), and so the whole batch, member included.
 */
export function linkAspMemberStatement(db: D1Database, partnerCode: string, userkey: string, loginId: string): D1PreparedStatement {
  return db.prepare('INSERT INTO asp_members (partner_code, userkey, member_id) SELECT ?, ?, id FROM members WHERE login_id = ? AND changes() = 1').bind(partnerCode, userkey, loginId);
}
