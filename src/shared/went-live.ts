// The went-live notices' queue message: a channel's live started; tell its followers after member id `after`, up to
// `until` (a page planned beforehand), or, without `until`, plan the pages from there (src/api/services/went-live.ts).
import * as z from 'zod';

export const wentLiveMessageSchema = z.object({
  channelId: z.int().positive(),
  streamId: z.int().positive(),
  after: z.int().nonnegative(),
  until: z.int().positive().optional(),
});
export type WentLiveMessage = z.infer<typeof wentLiveMessageSchema>;
