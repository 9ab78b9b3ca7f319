// A guest's adult pass (src/lib/guest-pass.ts): only for a guest, only while adult broadcasting is on, only
// for an identity the provider verified as an adult, and each verification buys one pass.
import { Refusal } from '../../lib/errors';
import { signGuestPass } from '../../lib/guest-pass';
import { M } from '../../shared/account-rules';
import type { ChannelSettings } from '../../shared/streams-api';
import type { GuestPassResponse } from '../../shared/guest-auth-schemas';
import { consumeIdentity } from './identity';

/** The API's stand-in for a caller without a valid X-Device-Id: a pass bound to it would fit every such caller. */
const UNKNOWN_DEVICE = 'unknown000';

export async function issueGuestPass(
  db: D1Database,
  input: { authKey: string; deviceId: string; signedIn: boolean },
  settings: Pick<ChannelSettings, 'adultBroadcast'>,
  secret: string,
): Promise<GuestPassResponse> {
  // A member's verification belongs to their account (POST /api/personal-auth/confirm), which keeps it.
  if (input.signedIn) throw new Refusal(409, 'SIGNED_IN', 'guestAuth.signedIn');
  if (input.deviceId === UNKNOWN_DEVICE) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest');
  // Checked before the authKey is spent: the person can use it once adult broadcasting is back.
  if (!settings.adultBroadcast) throw new Refusal(403, 'BROADCAST_UNAVAILABLE', 'guestAuth.unavailable');
  const identity = await consumeIdentity(db, input.authKey, 'guest-adult');
  if (!identity) throw new Refusal(400, 'IDENTITY_REQUIRED', M.identityAgain);
  if (!identity.adult) throw new Refusal(403, 'ADULT_ONLY', 'guestAuth.minor');
  const { token, expiresAt } = await signGuestPass(secret, input.deviceId);
  return { guestPass: token, expiresAt };
}
