import { findPartner, recordPartnerVisit, recordPincruxVisit, type PartnerRow } from '../../db/partners';

/** The partner a sign-up code belongs to; null when the code is unknown. */
export function partnerOf(db: D1Database, code: string): Promise<PartnerRow | null> {
  return findPartner(db, code);
}

/** Register a partner code seen on a device; null when the code is unknown (nothing is written). */
export async function registerPartner(db: D1Database, deviceId: string, code: string): Promise<PartnerRow | null> {
  const partner = await findPartner(db, code);
  if (!partner) return null;
  await recordPartnerVisit(db, deviceId, partner.code);
  return partner;
}

export async function registerPincrux(db: D1Database, deviceId: string, appkey: string, pinkey: string): Promise<void> {
  await recordPincruxVisit(db, deviceId, appkey, pinkey);
}
