export interface PartnerRow {
  code: string;
  name: string;
  marketing: number;
}

export function findPartner(db: D1Database, code: string): Promise<PartnerRow | null> {
  return db.prepare('SELECT code, name, marketing FROM partners WHERE code = ?').bind(code).first<PartnerRow>();
}

/** Idempotent per device and code. */
export async function recordPartnerVisit(db: D1Database, deviceId: string, code: string): Promise<void> {
  await db.prepare('INSERT OR IGNORE INTO partner_visits (device_id, partner_code) VALUES (?, ?)').bind(deviceId, code).run();
}

export async function recordPincruxVisit(db: D1Database, deviceId: string, appkey: string, pinkey: string): Promise<void> {
  await db.prepare('INSERT OR IGNORE INTO pincrux_visits (device_id, appkey, pinkey) VALUES (?, ?, ?)').bind(deviceId, appkey, pinkey).run();
}
