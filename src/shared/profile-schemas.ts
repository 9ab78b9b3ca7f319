// PUT /api/my/profile (multipart): the member's nickname and avatar. The answer is the
// profile GET /api/my/profile answers (account-schemas.ts profileResponseSchema).
import * as z from 'zod';

const formBool = z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'on');

export const profileFormSchema = z.object({
  nickname: z.string().max(40).optional().describe('A new nickname (2-10 Korean, English, digits, specials; not taken); left out keeps it'),
  avatar: z
    .file()
    .transform((f) => f as unknown as Blob)
    .optional()
    .describe('A new avatar (JPEG, PNG, GIF, WebP by its bytes; 5 MB, 8192 px a side); replaces the old one'),
  removeAvatar: formBool.optional().describe('Remove the avatar (the initial shows instead)'),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
