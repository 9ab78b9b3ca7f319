import type { DevOutbox } from '../shared/api-schemas';

export async function insertOutbox(db: D1Database, to: string, body: string, at: number): Promise<void> {
  await db.prepare('INSERT INTO sms_outbox (to_phone, body, created_at) VALUES (?, ?, ?)').bind(to, body, at).run();
}

/** The offline SMS adapter's outbox (development only), newest first. */
export async function listOutbox(db: D1Database): Promise<DevOutbox> {
  const { results } = await db.prepare('SELECT id, to_phone AS "to", body, created_at AS sentAt FROM sms_outbox ORDER BY id DESC LIMIT 100').all<DevOutbox[number]>();
  return results;
}
