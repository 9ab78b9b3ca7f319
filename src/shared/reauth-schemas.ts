// A fresh proof of the signed-in member (POST /api/my/reauth), asked before the payout bank account changes and
// before a withdrawal: the password, or for a member without one the authKey of a new identity check.

import * as z from 'zod';

export const reauthRequestSchema = z
  .union([
    z.strictObject({ password: z.string().min(1).max(40).describe("The member's password (sent in the body only, never in a URL)") }),
    z.strictObject({ authKey: z.string().min(1).max(200).describe('From an identity check of the member: GET /api/personal-auth?type=personal') }),
  ])
  .meta({ id: 'ReauthRequest' });
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;

export const reauthResponseSchema = z.object({ until: z.int().nonnegative().describe('Epoch ms until which the proof counts') }).meta({ id: 'ReauthResponse' });
export type ReauthResponse = z.infer<typeof reauthResponseSchema>;
