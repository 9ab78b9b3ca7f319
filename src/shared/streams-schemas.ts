// Response shapes of the watch calls (guest and member streams, channel notices and channels), as
// zod schemas: the API's OpenAPI document is generated from them and the TS types in streams-api.ts are
// inferred from them, so the contract and the code cannot drift apart. Kept apart from streams-api.ts,
// which the browser bundle imports for its constants: that file re-exports these types only (erased),
// so no zod reaches the page for them.
// A namespace import, as in chat-protocol.ts: a bundle keeps only the zod parts used.
import * as z from 'zod';
import { MAX_PAGE_LIMIT } from './paging';
import { LIVE_TIME_OPTIONS, MAX_VIEWERS_LIMIT, PLAYER_TYPES, STREAM_KIND, STREAM_SOURCES } from './streams-enums';
import { PLAN_IDS, type PlanId } from './subscription-plans';
import { channelLinkSchema, noticeSchema } from './channel-schemas';

/** Database ids, counts and epoch-ms times are whole numbers. */
const id = z.int().positive();
const count = z.int().nonnegative();
const epochMs = z.int().nonnegative();

export const creatorSummarySchema = z.object({ loginId: z.string(), nickname: z.string() }).meta({ id: 'CreatorSummary' });

/** One stream in any list (live now, recorded, recently watched...). Times are epoch ms. */
export const streamCardSchema = z
  .object({
    streamId: id,
    channelId: id,
    kind: z.literal([STREAM_KIND.live, STREAM_KIND.record, STREAM_KIND.channel]).describe('1 live, 2 recording, 3 the channel itself'),
    title: z.string(),
    creator: creatorSummarySchema,
    thumbnailUrl: z.string().nullable().describe('Same-origin path or absolute URL; null when the channel has none yet (the client draws its own)'),
    viewerCount: count,
    startedAt: epochMs,
    endedAt: epochMs.nullable(),
    durationMs: count,
    adult: z.boolean(),
    adultPlus: z.boolean().describe('Adult-plus: adult-only as well (the same identity and age gate), and shown and played only while adultPlusBroadcast is on'),
    hasPassword: z.boolean(),
    source: z.enum(STREAM_SOURCES).describe("'flex' is our own ingest; the rest are third-party sources"),
    themeCode: z.string().nullable(),
  })
  .meta({ id: 'StreamCard' });

/** What the viewer may do with a live or recording (decided by `accessFor`). */
export const playbackAccessSchema = z
  .enum(['ok', 'identity', 'adult', 'password', 'unavailable', 'full'])
  .describe(
    "ok; identity: adult-only, verify identity first (guests and unverified members); adult: verified but not an adult; password: a password-protected live, ask for it (GET /api/guest/live-Auth); unavailable: switched off by the operators' channel settings; full: every seat of the live is taken (the channel's maxViewers), and the viewer holds no full-room pass",
  )
  .meta({ id: 'PlaybackAccess' });

export const playbackSchema = z
  .object({
    playerType: z.enum(PLAYER_TYPES),
    source: z.enum(STREAM_SOURCES),
    url: z.string().describe('Main URL: HLS playlist, FLV URL, WHEP endpoint (bp_rtc) or mp4'),
    hlsUrl: z.string().nullable().optional().describe('bp_rtc: the HLS rendition to fall back on when WHEP fails or is not offered'),
    whep: z.boolean().optional().describe('bp_rtc: true when url is a WHEP endpoint'),
    expiresAt: epochMs.nullable().describe('When a signed URL stops working; null when the URL is not signed'),
    rewindUrl: z.string().optional().describe('Our own lives: the HLS playlist of the whole stream so far (its last two hours), signed like url, to rewind; url stays the one to start on'),
    rewindSince: epochMs.optional().describe('With rewindUrl: when the live began (rewinding reaches back to it, or two hours)'),
    passwordToken: z
      .string()
      .optional()
      .describe("Only in GET /api/guest/live-Auth's answer: a playback token signed for the live, the viewer's proof that they gave its password (the chat ticket calls take it as playback)"),
  })
  .meta({ id: 'Playback' });

export const streamDetailSchema = streamCardSchema
  .extend({ access: playbackAccessSchema, playback: playbackSchema.nullable().describe("Present only when access is 'ok'") })
  .meta({ id: 'StreamDetail' });

export const channelInfoSchema = z
  .object({
    channelId: id,
    creator: creatorSummarySchema,
    title: z.string(),
    description: z.string(),
    themeCode: z.string().nullable(),
    subscriberCount: count,
    noticeCount: count,
    latestNoticeAt: epochMs.nullable(),
    thumbnailUrl: z.string().nullable(),
    subscribed: z.boolean().describe('Whether the signed-in viewer subscribes (false for guests)'),
    profileImageUrl: z.string().nullable().describe("The channel profile's image (GET /api/uploads/{key}); null when none"),
    bannerUrl: z.string().nullable(),
    links: z.array(channelLinkSchema),
    chatAccess: z
      .enum(['ok', 'identity', 'adult'])
      .describe(
        "Whether this viewer may join the channel's chat room while no live is on air (an adult-only channel's room asks what its lives ask; staff P/O are let in whatever this says). With a live on air, the live's access decides",
      ),
  })
  .meta({ id: 'ChannelInfo' });

/** GET /api/channels/{id}/channel-page */
export const channelPageResponseSchema = z
  .object({
    channel: channelInfoSchema,
    live: streamDetailSchema.nullable(),
    recorded: z.array(streamCardSchema),
    pinnedNotice: noticeSchema.nullable().describe('The notice its creator pinned to the channel page'),
  })
  .meta({ id: 'ChannelPageResponse' });

/** GET /api/channels/{id}/live-time?option=current|today|week|month */
export const liveTimeResponseSchema = z
  .object({
    channelId: id,
    option: z.enum(LIVE_TIME_OPTIONS),
    live: z.boolean(),
    startedAt: epochMs.nullable(),
    seconds: count.describe("The current live's elapsed time for 'current', else the total broadcast in the period (KST)"),
  })
  .meta({ id: 'LiveTimeResponse' });

/** GET /api/channels/channel-find?loginId */
export const channelFindResponseSchema = z.object({ channelId: id, loginId: z.string(), nickname: z.string() }).meta({ id: 'ChannelFindResponse' });

/** GET /api/guest/subscriber-count?channelId */
export const subscriberCountResponseSchema = z.object({ channelId: id, count }).meta({ id: 'SubscriberCountResponse' });

export const bannerSchema = z.object({ id, title: z.string(), subtitle: z.string(), imageUrl: z.string(), linkUrl: z.string() }).meta({ id: 'Banner' });
export const popupSchema = z.object({ id, title: z.string(), body: z.string(), imageUrl: z.string().nullable(), linkUrl: z.string().nullable() }).meta({ id: 'Popup' });
export const themeSchema = z.object({ id, code: z.string(), name: z.string().describe("In the caller's language, else Korean") }).meta({ id: 'Theme' });
export const logoSchema = z.object({ id, name: z.string(), imageUrl: z.string(), linkUrl: z.string() }).meta({ id: 'Logo' });

/** An unpaged list answer (the home content calls). */
export const itemsSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** GET /api/my/view-main?device (guests too: the member parts are empty). */
export const viewMainResponseSchema = z
  .object({
    banners: z.array(bannerSchema),
    lives: z.array(streamCardSchema),
    themes: z.array(themeSchema),
    suggestions: z.array(streamCardSchema),
    recentlyWatched: z.array(streamCardSchema),
    followingLives: z.array(streamCardSchema).describe('The lives of channels the member follows, busiest first (a guest: none)'),
    popup: popupSchema.nullable(),
  })
  .meta({ id: 'ViewMainResponse' });

/** A row of the recent-view, subscriptions-view and gift-view lists. */
export const channelListItemSchema = z
  .object({
    channelId: id,
    creator: creatorSummarySchema,
    title: z.string(),
    thumbnailUrl: z.string().nullable(),
    live: streamCardSchema.nullable(),
    at: epochMs.describe('played: watched at; subscriptions: started at; present: last gift at'),
    status: z.int().optional().describe('subscriptions only: 1 subscribed, 2 unsubscribed, 3 expired, 4 unused (a pass), 5 renewal cancelled'),
    expiresAt: epochMs.nullable().optional().describe('subscriptions only'),
    plan: z
      .enum(PLAN_IDS as [PlanId, ...PlanId[]])
      .nullable()
      .optional()
      .describe('subscriptions only: the plan (monthly renews itself until its renewal is cancelled)'),
    totalAmount: count.optional().describe('present only: the total sent'),
  })
  .meta({ id: 'ChannelListItem' });

/** POST /api/my/streams/played */
export const watchRecordedResponseSchema = z.object({ channelId: id, watchedAt: epochMs }).meta({ id: 'WatchRecordedResponse' });
/** DELETE of played or gifted entries: how many went. */
export const deletedResponseSchema = z.object({ deleted: count }).meta({ id: 'DeletedResponse' });
/** DELETE /api/my/streams/subscriptions/remove: how many ended subscriptions were hidden. */
export const removedResponseSchema = z.object({ removed: count }).meta({ id: 'RemovedResponse' });

/** GET /api/guest/channeling-switching (the channel switches and bank fields); also what KV `channeling` must hold. */
export const channelSettingsSchema = z
  .object({
    broadcast: z.boolean(),
    broadcasting: z.boolean().describe('Off: no live plays for anyone but its creator'),
    adultBroadcast: z.boolean().describe('Off: no adult stream plays, live or recorded'),
    adultPlusBroadcast: z.boolean().describe('Off: no adult-plus stream plays or is listed, live or recorded, and none starts'),
    isSnsLoginKakao: z.boolean(),
    isSnsLoginNaver: z.boolean(),
    isSnsLoginGoogle: z.boolean(),
    isSnsLoginTwitch: z.boolean(),
    bank_account: z.string(),
    bank_code: z.string(),
    bank_holder_name: z.string(),
  })
  .meta({ id: 'ChannelSettings' });

/** PUT /api/admin/channeling-switching: the settings now in force, and how many on-air rooms were told. */
export const channelSettingsUpdateResponseSchema = z.object({ settings: channelSettingsSchema, notifiedRooms: count }).meta({ id: 'ChannelSettingsUpdateResponse' });

/** GET /api/guest/live-Auth answer when the password is right. */
export const liveAuthResponseSchema = z.object({ result: z.literal('ok'), playback: playbackSchema }).meta({ id: 'LiveAuthResponse' });

/** The creator's own channel (GET /api/my/channel/stream-key; POST .../stream-key rotates). */
export const streamKeyResponseSchema = z
  .object({
    channelId: id,
    streamKey: z.string(),
    ingestPath: z.string().describe('The ingest URL for `ffmpeg -f hls -method PUT <ingestPath>/index.m3u8`, relative to the site'),
  })
  .meta({ id: 'StreamKeyResponse' });

/** A creator's own channel settings: GET and PUT /api/my/channel/settings (the studio's form). */
export const ownChannelSettingsSchema = z
  .object({
    channelId: id,
    title: z.string(),
    description: z.string(),
    themeCode: z.string().nullable(),
    adult: z.boolean(),
    adultPlus: z.boolean().describe('Adult-plus: adult-only as well, shown and played only while the operators allow adult-plus broadcasting'),
    adultPlusBroadcast: z.boolean().describe("The operators' adult-plus switch: off, adultPlus cannot be turned on"),
    hasPassword: z.boolean().describe('Whether lives ask for a password; the password itself is never sent back'),
    maxViewers: z.int().nullable().describe('Seats of a live: at most this many watch at once (the creator and full-room pass holders always get in); null: no limit'),
  })
  .meta({ id: 'OwnChannelSettings' });

// ---- Request bodies (the routes validate with these; the client sends their inferred types).

const channelTitle = z.string().trim().min(1).max(40);
const channelDescription = z.string().trim().max(500);
const themeCode = z.string().regex(/^[a-z0-9_-]{1,32}$/);
const channelId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** POST /api/my/chennel-register */
export const channelRegisterRequestSchema = z.object({ title: channelTitle, description: channelDescription.optional(), themeCode: themeCode.nullable().optional() });
/** PUT /api/my/channel/settings: title, description and password omitted keep them; a null password clears it. */
export const channelSettingsRequestSchema = z
  .object({
    /** Omitted keeps it: the studio edits the name and description with the profile (PUT /api/my/channel/profile), not here. */
    title: channelTitle.optional(),
    description: channelDescription.optional(),
    themeCode: themeCode.nullable(),
    adult: z.boolean(),
    /** Omitted keeps it while adult stays on; adult off clears it (adult-plus implies adult). */
    adultPlus: z.boolean().optional(),
    password: z.string().min(4).max(32).regex(/^\S+$/).nullable().optional(),
    /** Omitted keeps it, null lifts the limit. */
    maxViewers: z.int().min(1).max(MAX_VIEWERS_LIMIT).nullable().optional(),
  })
  .refine((s) => !s.adultPlus || s.adult, { path: ['adultPlus'], params: { messageKey: 'caster.adultPlusNeedsAdult' } });
/** POST /api/my/streams/watch */
export const watchRecordRequestSchema = z.object({ channelId });
/** DELETE /api/my/streams/subscriptions/remove */
export const removeSubscriptionsRequestSchema = z.object({ channelIds: z.array(channelId).min(1).max(MAX_PAGE_LIMIT) });

export type ChannelRegisterRequest = z.infer<typeof channelRegisterRequestSchema>;
export type ChannelSettingsRequest = z.infer<typeof channelSettingsRequestSchema>;
export type WatchRecordRequest = z.infer<typeof watchRecordRequestSchema>;
export type RemoveSubscriptionsRequest = z.infer<typeof removeSubscriptionsRequestSchema>;
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;
export type StreamCard = z.infer<typeof streamCardSchema>;
export type PlaybackAccess = z.infer<typeof playbackAccessSchema>;
export type Playback = z.infer<typeof playbackSchema>;
export type StreamDetail = z.infer<typeof streamDetailSchema>;
export type ChannelInfo = z.infer<typeof channelInfoSchema>;
export type ChannelPageResponse = z.infer<typeof channelPageResponseSchema>;
export type LiveTimeResponse = z.infer<typeof liveTimeResponseSchema>;
export type ChannelFindResponse = z.infer<typeof channelFindResponseSchema>;
export type SubscriberCountResponse = z.infer<typeof subscriberCountResponseSchema>;
export type Banner = z.infer<typeof bannerSchema>;
export type Popup = z.infer<typeof popupSchema>;
export type Theme = z.infer<typeof themeSchema>;
export type Logo = z.infer<typeof logoSchema>;
export type ViewMainResponse = z.infer<typeof viewMainResponseSchema>;
export type ChannelListItem = z.infer<typeof channelListItemSchema>;
export type WatchRecordedResponse = z.infer<typeof watchRecordedResponseSchema>;
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;
export type RemovedResponse = z.infer<typeof removedResponseSchema>;
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;
export type ChannelSettingsUpdateResponse = z.infer<typeof channelSettingsUpdateResponseSchema>;
export type LiveAuthResponse = z.infer<typeof liveAuthResponseSchema>;
export type StreamKeyResponse = z.infer<typeof streamKeyResponseSchema>;
export type OwnChannelSettings = z.infer<typeof ownChannelSettingsSchema>;
