// A channel's gift presets (migration 0009): one JSON array per channel.

export async function findPresets(db: D1Database, channelId: number): Promise<number[] | null> {
  const row = await db.prepare('SELECT presets FROM channel_luv_presets WHERE channel_id = ?').bind(channelId).first<{ presets: string }>();
  return row ? (JSON.parse(row.presets) as number[]) : null;
}

export async function savePresets(db: D1Database, channelId: number, presets: readonly number[]): Promise<void> {
  await db
    .prepare(
      `INSERT INTO channel_luv_presets (channel_id, presets) VALUES (?1, ?2)
       ON CONFLICT(channel_id) DO UPDATE SET presets = excluded.presets, updated_at = unixepoch()`,
    )
    .bind(channelId, JSON.stringify(presets))
    .run();
}
