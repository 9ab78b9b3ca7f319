// A guest's age check at /guest-auth (POST /api/guest/adult-pass): the identity provider's authKey of a
// guest-adult verification buys a short-lived adult pass for this device, kept by the site in an HttpOnly cookie.
import * as z from 'zod';

export const guestPassRequestSchema = z.strictObject({
  authKey: z.string().min(1).max(200).describe('From identity verification with type=guest-adult (GET /api/personal-auth?type=guest-adult)'),
});
export type GuestPassRequest = z.infer<typeof guestPassRequestSchema>;

export const guestPassResponseSchema = z
  .object({
    guestPass: z.string().optional().describe("The pass, sent back as X-Guest-Pass with the same X-Device-Id. The site's proxy keeps it in an HttpOnly cookie and leaves it out of the answer"),
    expiresAt: z.number().int().describe('When the pass ends (epoch ms)'),
  })
  .meta({ id: 'GuestPassResponse' });
export type GuestPassResponse = z.infer<typeof guestPassResponseSchema>;
