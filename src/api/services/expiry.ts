// The expiry flow: a dormant account (a year without signing in, services/accounts.ts isDormant) is
// woken by its owner in three steps: AGREEMENT, IDENTIFICATION (identity verification with type=expire),
// COMPLETE. POST /api/auth/expire answers the step the caller is at; only the last one writes.

import type { z } from 'zod';
import { M } from '../../shared/account-rules';
import type { expiryRequestSchema, ExpiryResponse } from '../../shared/account-schemas';
import { findMemberByLoginId, markLoggedIn } from '../../db/members';
import { accountRefusal, isDormant } from './accounts';
import { consumeIdentity } from './identity';

export async function expiryStep(db: D1Database, input: z.infer<typeof expiryRequestSchema>, now = Date.now()): Promise<ExpiryResponse> {
  const member = await findMemberByLoginId(db, input.loginId.trim());
  if (!member) throw accountRefusal(404, M.expiryNotFound);
  const loginId = member.loginId;
  if (!isDormant(member, now)) return { loginId, step: 'COMPLETE' };
  if (!input.authKey) return { loginId, step: input.agree ? 'IDENTIFICATION' : 'AGREEMENT' };
  if (!input.agree) throw accountRefusal(400, M.expiryAgreement);
  // The verified person must be the account's owner, as for a password reset.
  const identity = await consumeIdentity(db, input.authKey, 'expire', loginId);
  if (!identity) throw accountRefusal(400, M.identityAgain);
  if (member.name !== identity.name || member.birthday !== identity.birthday || member.phone !== identity.phone) throw accountRefusal(400, M.identityMismatch);
  await markLoggedIn(db, member.id, now);
  return { loginId, step: 'COMPLETE' };
}
