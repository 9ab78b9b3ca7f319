/** The member who owns a channel (the room's creator), or null when no such channel exists. */
export async function channelOwner(db: D1Database, channelId: number): Promise<number | null> {
  const row = await db.prepare('SELECT owner_id FROM channels WHERE id = ?').bind(channelId).first<{ owner_id: number }>();
  return row ? row.owner_id : null;
}
