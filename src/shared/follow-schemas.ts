// Following a channel: the calls' shapes, shared by the API (validation, the contract) and the pages.
import * as z from 'zod';

export const followStateSchema = z
  .object({
    following: z.boolean().describe('Whether the viewer follows the channel (a guest: false)'),
    notify: z.boolean().describe('Whether they are told when it goes live (false when not following)'),
    followerCount: z.int().nonnegative(),
  })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

export const followRequestSchema = z
  .object({ notify: z.boolean().optional().describe('Went-live notices on or off; left out: on for a new follow, unchanged for one already there') })
  .meta({ id: 'FollowRequest' });
export type FollowRequest = z.infer<typeof followRequestSchema>;
