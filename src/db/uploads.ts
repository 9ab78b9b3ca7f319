// The uploads table: one row per object stored in the UPLOADS bucket (src/api/services/uploads.ts).

export interface UploadRow {
  key: string;
  ownerId: number;
  purpose: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: number;
}

export function insertUploadStatement(db: D1Database, u: UploadRow): D1PreparedStatement {
  return db
    .prepare('INSERT INTO uploads (key, owner_id, purpose, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(u.key, u.ownerId, u.purpose, u.contentType, u.size, u.width, u.height, u.createdAt);
}

export function findUpload(db: D1Database, key: string): Promise<UploadRow | null> {
  return db.prepare('SELECT key, owner_id AS ownerId, purpose, content_type AS contentType, size, width, height, created_at AS createdAt FROM uploads WHERE key = ?').bind(key).first<UploadRow>();
}

/** Forget these uploads' rows; answers the keys that went (a key something still references stays: its foreign key refuses). */
export async function deleteUploads(db: D1Database, keys: string[]): Promise<string[]> {
  const gone: string[] = [];
  for (const key of keys) {
    const row = await db
      .prepare('DELETE FROM uploads WHERE key = ? RETURNING key')
      .bind(key)
      .first<{ key: string }>()
      .catch(() => null);
    if (row) gone.push(row.key);
  }
  return gone;
}
