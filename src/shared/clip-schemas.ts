// Clips: the calls' shapes, shared by the API (validation, the contract) and the pages.
import * as z from 'zod';
import { listResponseSchema, pageQuery } from './paging';
import { fitsLikePattern, SEARCH_TOO_LONG_KEY } from './search-words';
import { creatorSummarySchema, playbackAccessSchema, playbackSchema } from './streams-schemas';
import { CLIP_ID_PATTERN, CLIP_SECONDS, CLIP_TITLE_MAX } from './clip-limits';

export const clipIdSchema = z.string().regex(CLIP_ID_PATTERN);
export const clipParamSchema = z.object({ clipId: clipIdSchema });

export const clipCreateRequestSchema = z
  .object({
    streamId: z.int().positive(),
    title: z.string().trim().min(1).max(CLIP_TITLE_MAX),
    seconds: z.int().min(CLIP_SECONDS.min).max(CLIP_SECONDS.max),
    endAt: z.int().nonnegative().optional().describe('Program date-time (epoch ms) the clip ends at: what the viewer was watching. Omitted: the newest of a live, the end of a recording'),
    requestKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .describe('The maker’s own key for this clip: sent again (a second click, a retry), it answers the clip already made'),
  })
  .meta({ id: 'ClipCreateRequest' });
export type ClipCreateRequest = z.infer<typeof clipCreateRequestSchema>;

export const clipCardSchema = z
  .object({
    clipId: clipIdSchema,
    title: z.string(),
    channelId: z.int().positive(),
    creator: creatorSummarySchema.describe("The channel's creator"),
    maker: creatorSummarySchema.describe('Who made the clip'),
    durationMs: z.int().positive(),
    viewCount: z.int().nonnegative(),
    createdAt: z.int().nonnegative(),
    adult: z.boolean(),
    pictureUrl: z.string().nullable().describe('A still of its middle, when its stream had one; a clip of an adult stream shows it only to who may watch (with the playback token)'),
  })
  .meta({ id: 'ClipCard' });
export type ClipCard = z.infer<typeof clipCardSchema>;

export const clipDetailSchema = clipCardSchema
  .extend({
    streamId: z.int().positive().describe('The stream it was cut from (its recording may since have been deleted)'),
    startedAt: z.int().nonnegative().describe('Program date-time of its first second'),
    access: playbackAccessSchema,
    playback: playbackSchema.nullable().describe("Present only when access is 'ok'"),
    canDelete: z.boolean().describe("Whether the viewer may delete it: its maker, the channel's creator"),
  })
  .meta({ id: 'ClipDetail' });
export type ClipDetail = z.infer<typeof clipDetailSchema>;

export const clipCreatedSchema = z.object({ clipId: clipIdSchema }).meta({ id: 'ClipCreated' });
export const clipListSchema = listResponseSchema(clipCardSchema).meta({ id: 'ClipList' });
export type ClipList = z.infer<typeof clipListSchema>;
export const topClipsSchema = z.object({ items: z.array(clipCardSchema) }).meta({ id: 'TopClips' });
export const clipViewSchema = z.object({ counted: z.boolean(), viewCount: z.int().nonnegative() }).meta({ id: 'ClipView' });

/** Staff's list of every channel's clips, newest first, 30 a page. */
export const STAFF_CLIPS_PAGE = 30;
export const staffClipQuerySchema = pageQuery(STAFF_CLIPS_PAGE).extend({
  q: z
    .string()
    .trim()
    .refine(fitsLikePattern, { params: { messageKey: SEARCH_TOO_LONG_KEY } })
    .optional()
    .describe("Words of the title or of the channel creator's nickname, or the creator's login ID or the clip's id"),
});
export const staffClipDeleteSchema = z.object({ reason: z.string().trim().min(1).max(200) }).meta({ id: 'StaffClipDelete' });

/** The staff clips page's data (/staff/clips): one page of the list (?q=, ?offset=). */
export interface StaffClipsPageData {
  title: string;
  staff: boolean;
  query: string;
  list: ClipList | null;
}
