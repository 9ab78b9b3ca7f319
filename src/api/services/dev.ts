// Development only (the routes answer 404 in production): what the offline SMS adapter sent, and what the
// ledger bench (npm run bench:ledger) needs beside a real gift.

import type { DevOutbox } from '../../shared/api-schemas';
import { listOutbox } from '../../db/sms-outbox';
import { incrementBenchCounter } from '../../db/dev-bench';
import { findMemberByLoginId } from '../../db/members';
import { memberBalance } from '../../db/ledger';
import { creditPurchase } from './ledger';

/** The offline SMS adapter's outbox, newest first. */
export const devOutbox = (db: D1Database): Promise<DevOutbox> => listOutbox(db);

/** Luv into a member's wallet as a purchase would put it (one ledger movement): their wallet balance after it, or null when no member has the login ID. */
export async function fundMember(db: D1Database, loginId: string, amount: number): Promise<number | null> {
  const member = await findMemberByLoginId(db, loginId);
  if (!member) return null;
  await creditPurchase(db, { memberId: member.id, amount, key: `dev-fund:${crypto.randomUUID()}` });
  return memberBalance(db, member.id, 'wallet');
}

/** The bench's baseline: one single-statement D1 increment; false when the bench created no counter. */
export const benchIncrement = (db: D1Database): Promise<boolean> => incrementBenchCounter(db);
