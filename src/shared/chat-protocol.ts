// zod's mini build: the chat chunk parses every frame with these, and classic zod (its methods carry the
// JSON-schema code) was three quarters of that chunk. The ticket calls' schemas, which the OpenAPI document
// describes, are classic zod in ./chat-ticket-api.ts.
import * as z from 'zod/mini';
import type { PlaybackAccess } from './streams-api';
import { EMOJI_CODE_PATTERN, EMOJI_LIMITS } from './emoji';
import { UPLOAD_KEY_PATTERN } from './uploads';

/**
 * The chat wire protocol, imported by the ChatRoom object and the client alike.
 * Every frame is JSON with a `type`; both ends parse with these schemas and drop what does not fit.
 * Client -> server: join, leave, message, action, announce, ping, poll_start, poll_vote, poll_end.
 * Server -> client: message, action, event, connection and poll.
 *
 * Every schema here is z.lazy: built on its first parse, not when the module loads. Built at load they were
 * most of the chat chunk's evaluation in the browser, one task of 20-36 ms here (a long task under
 * Lighthouse's 4x CPU throttle), for client-frame and event schemas the browser never uses. Now the page
 * builds only the server frames it receives, each on the first of its type.
 */

/** Frames longer than this (UTF-16 units of the raw text) are dropped unread. */
export const CHAT_MAX_FRAME = 4096;
/** A chat message's longest text, in characters (code points) after trimming. */
export const CHAT_MAX_TEXT = 200;
/** Messages kept per room and sent on join. */
export const CHAT_HISTORY = 100;
/** Limits of our own: at most 20 messages per 30 s per member; managers and above are exempt. */
export const CHAT_RATE = { messages: 20, windowMs: 30_000 } as const;
/** The same text again from the same member within this window is a flood and refused. */
export const CHAT_DUPLICATE_WINDOW_MS = 10_000;
/** Mute length when an action names none, and the bounds of any timed action. */
export const CHAT_DEFAULT_MUTE_S = 300;
export const CHAT_MAX_ACTION_S = 7 * 24 * 60 * 60;
/** A kicked member may come back after this long unless the action says otherwise (0 = at once). */
export const CHAT_DEFAULT_KICK_S = 60;
/** The client's socket timers (partysocket options, and the wait and tries after a 401). */
export const CHAT_RECONNECT = { minDelayMs: 500, maxDelayMs: 5_000, connectTimeoutMs: 20_000, authRetryMs: 3_000, maxAuthRetries: 10 } as const;
/** Close codes the room uses; the client stops reconnecting on 4003 (banned) and 4001 (kicked). */
export const CHAT_CLOSE = { kicked: 4001, banned: 4003 } as const;

/** Member roles: P police, O operator, S ting operator, V member, J genie. */
export const memberRoleSchema = z.lazy(() => z.enum(['P', 'O', 'S', 'V', 'J']));
export type MemberRole = z.infer<typeof memberRoleSchema>;
/** What a member is in one room, beside their site role. */
export const roomBadgeSchema = z.lazy(() => z.nullable(z.enum(['creator', 'manager'])));
export type RoomBadge = z.infer<typeof roomBadgeSchema>;

const loginId = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(40)));
/** A room is its channel's id. */
export const ROOM_ID_PATTERN = /^[1-9][0-9]{0,9}$/;
export const roomIdSchema = z.lazy(() => z.string().check(z.regex(ROOM_ID_PATTERN)));

export const chatActionNameSchema = z.lazy(() => z.enum(['manager_assign', 'manager_unassign', 'mute', 'unmute', 'kick', 'freeze', 'unfreeze', 'blacklist', 'unblacklist', 'delete_message']));
export type ChatActionName = z.infer<typeof chatActionNameSchema>;
/** Actions that name another member. */
export const TARGETED_ACTIONS: ReadonlySet<ChatActionName> = new Set(['manager_assign', 'manager_unassign', 'mute', 'unmute', 'kick', 'blacklist', 'unblacklist', 'delete_message']);

export const announceKindSchema = z.lazy(() => z.enum(['announcement', 'live_match', 'co_stream']));

/**
 * Polls (docs/product/watching-and-chat.md, "Polls"): the creator or a manager asks, members vote once each.
 * The frames' bounds are loose (a form's mistake still reaches the room, which answers POLL_INVALID in the
 * writer's language); the room holds these limits.
 */
export const POLL_LIMITS = { question: 100, option: 40, minOptions: 2, maxOptions: 5 } as const;
/** The lengths a poll may run, in seconds. */
export const POLL_DURATIONS = [30, 60, 120, 300, 600] as const;
/** Tallies of an open poll reach the room's sockets at most this often (the first vote's at once). */
export const POLL_TALLY_EVERY_MS = 500;
/** Ended polls a joiner is shown (their result cards), newest last. */
export const POLL_RESULTS_ON_JOIN = 3;

// ---- client -> server --------------------------------------------------------------------------

export const joinFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('join'), room: roomIdSchema, streamId: z.nullable(z.int().check(z.positive())), source: z.enum(['web', 'app']) }));
export const leaveFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('leave'), room: roomIdSchema }));
export const sendFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('message'), text: z.string().check(z.maxLength(CHAT_MAX_TEXT * 4)) }));
export const actionFrameSchema = z.lazy(() =>
  z.strictObject({
    type: z.literal('action'),
    action: chatActionNameSchema,
    target: z.optional(loginId),
    seconds: z.optional(z.int().check(z.minimum(0), z.maximum(CHAT_MAX_ACTION_S))),
    /** delete_message: which of the target's messages (its id). */
    messageId: z.optional(z.int().check(z.positive())),
  }),
);
export const announceFrameSchema = z.lazy(() =>
  z.strictObject({
    type: z.literal('announce'),
    kind: announceKindSchema,
    text: z.string().check(z.minLength(1), z.maxLength(CHAT_MAX_TEXT * 4)),
  }),
);
export const pingFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('ping') }));
const pollId = z.lazy(() => z.int().check(z.positive()));
export const pollStartFrameSchema = z.lazy(() =>
  z.strictObject({
    type: z.literal('poll_start'),
    question: z.string().check(z.maxLength(POLL_LIMITS.question * 4)),
    options: z.array(z.string().check(z.maxLength(POLL_LIMITS.option * 4))).check(z.maxLength(POLL_LIMITS.maxOptions * 2)),
    seconds: z.int().check(z.minimum(0), z.maximum(24 * 60 * 60)),
  }),
);
export const pollVoteFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('poll_vote'), id: pollId, option: z.int().check(z.minimum(0), z.maximum(99)) }));
export const pollEndFrameSchema = z.lazy(() => z.strictObject({ type: z.literal('poll_end'), id: pollId }));

export const clientFrameSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
    joinFrameSchema,
    leaveFrameSchema,
    sendFrameSchema,
    actionFrameSchema,
    announceFrameSchema,
    pingFrameSchema,
    pollStartFrameSchema,
    pollVoteFrameSchema,
    pollEndFrameSchema,
  ]),
);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
/** The frames a room's authority decides on (everything but join/leave/ping, which the socket's own shard answers). */
export type WriteFrame = Extract<ClientFrame, { type: 'message' | 'action' | 'announce' | 'poll_start' | 'poll_vote' | 'poll_end' }>;
export type PollStartFrame = Extract<ClientFrame, { type: 'poll_start' }>;

/** The exact ping text; the room answers it without waking (setWebSocketAutoResponse). */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"connection","status":"pong"}';

// ---- server -> client --------------------------------------------------------------------------

export const chatUserSchema = z.lazy(() =>
  z.object({
    loginId,
    nickname: z.string().check(z.minLength(1), z.maxLength(40)),
    role: memberRoleSchema,
    badge: roomBadgeSchema,
    /** A paying subscriber of this channel (status 1 or 5), as the API knew when it signed their ticket. */
    subscriber: z.optional(z.literal(true)),
    /** The member's level from luv sent (src/shared/member-levels.ts), as the API knew when it signed their ticket. */
    level: z.optional(z.int().check(z.minimum(1), z.maximum(99))),
    /** Among the channel's top fans (열혈팬) with their isBigFan setting on, as the API knew when it signed their ticket. */
    bigFan: z.optional(z.literal(true)),
    /** The member's avatar: an upload key (shown from /api/uploads/<key>). */
    avatar: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{32}\.(jpg|png|gif|webp)$/))),
    /** The member has a channel of their own (at /channel/<loginId>), as the API knew when it signed their ticket. */
    channel: z.optional(z.literal(true)),
  }),
);
export type ChatUser = z.infer<typeof chatUserSchema>;

/** An emoji a message shows: its :code: and the key of its image in our upload store (the room resolved it). */
export const chatEmojiSchema = z.lazy(() => z.object({ code: z.string().check(z.regex(EMOJI_CODE_PATTERN)), key: z.string().check(z.regex(UPLOAD_KEY_PATTERN)) }));
export const messageFrameSchema = z.lazy(() =>
  z.object({
    type: z.literal('message'),
    id: z.int(),
    at: z.number(),
    from: chatUserSchema,
    text: z.string(),
    emoji: z.optional(z.array(chatEmojiSchema).check(z.maxLength(EMOJI_LIMITS.perMessage))),
  }),
);
export type MessageFrame = z.infer<typeof messageFrameSchema>;

export const actionResultFrameSchema = z.lazy(() =>
  z.object({
    type: z.literal('action'),
    action: chatActionNameSchema,
    at: z.number(),
    by: chatUserSchema,
    target: z.nullable(z.object({ loginId, nickname: z.string() })),
    /** Mute length or kick cooldown; null when the action has none. */
    seconds: z.nullable(z.int()),
    /** delete_message: the message taken out of the room (every screen drops it; its replay leaves it out). */
    messageId: z.optional(z.int()),
  }),
);
export type ActionResultFrame = z.infer<typeof actionResultFrameSchema>;

/** The giver; null for a member who chose not to be shown as a supporter (settings isSponser off). */
const giftUser = z.lazy(() => z.nullable(z.object({ loginId, nickname: z.string().check(z.minLength(1), z.maxLength(40)) })));
/** Item codes (src/shared/item-catalogue.ts, and any future ones): positive integers. */
const itemCode = z.lazy(() => z.int().check(z.positive(), z.maximum(99_999)));

/** Events the API and the live pipeline publish into a room, validated again when the room receives them. */
export const publishedEventSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('channel_status'), status: z.enum(['live', 'ended']), streamId: z.int().check(z.positive()) }),
    z.strictObject({
      kind: z.literal('gift'),
      from: giftUser,
      itemCode,
      amount: z.int().check(z.positive(), z.maximum(100_000_000)),
      message: z.optional(z.string().check(z.maxLength(CHAT_MAX_TEXT))),
    }),
    z.strictObject({ kind: z.literal('item'), from: giftUser, itemCode, effect: z.string().check(z.regex(/^[a-z0-9_-]{1,32}$/)), text: z.optional(z.string().check(z.maxLength(CHAT_MAX_TEXT))) }),
    z.strictObject({ kind: z.literal('CHANNELING_SETTING_UPDATE') }),
  ]),
);
export type PublishedEvent = z.infer<typeof publishedEventSchema>;

export const eventBodySchema = z.lazy(() =>
  z.union([
    publishedEventSchema,
    z.object({ kind: announceKindSchema, text: z.string(), by: chatUserSchema }),
    z.object({ kind: z.literal('role'), target: z.object({ loginId, nickname: z.string() }), badge: roomBadgeSchema }),
    z.object({ kind: z.literal('kick'), target: z.object({ loginId, nickname: z.string() }), reason: z.enum(['kick', 'blacklist']), seconds: z.nullable(z.int()) }),
  ]),
);
export type EventBody = z.infer<typeof eventBodySchema>;
export const eventFrameSchema = z.lazy(() => z.intersection(z.object({ type: z.literal('event'), at: z.number() }), eventBodySchema));
export type EventFrame = { type: 'event'; at: number } & EventBody;

/**
 * A poll as the room shows it: `votes[i]` is option i's count. `left`: ms until it closes when the frame was sent
 * (each screen counts down from its own clock); `endedAt`: null while open.
 */
export const pollSchema = z.lazy(() =>
  z.object({
    id: pollId,
    question: z.string().check(z.minLength(1), z.maxLength(POLL_LIMITS.question)),
    options: z.array(z.string().check(z.minLength(1), z.maxLength(POLL_LIMITS.option))).check(z.minLength(POLL_LIMITS.minOptions), z.maxLength(POLL_LIMITS.maxOptions)),
    votes: z.array(z.int().check(z.nonnegative())).check(z.maxLength(POLL_LIMITS.maxOptions)),
    total: z.int().check(z.nonnegative()),
    by: z.object({ loginId, nickname: z.string() }),
    seconds: z.int().check(z.positive()),
    startedAt: z.number(),
    left: z.int().check(z.nonnegative()),
    endedAt: z.nullable(z.number()),
  }),
);
export type Poll = z.infer<typeof pollSchema>;

export const pollFrameSchema = z.lazy(() =>
  z.discriminatedUnion('status', [
    /** A poll opened: every screen pins it. */
    z.object({ type: z.literal('poll'), status: z.literal('open'), at: z.number(), poll: pollSchema }),
    /** The open poll's counts, batched (POLL_TALLY_EVERY_MS). */
    z.object({ type: z.literal('poll'), status: z.literal('tally'), id: pollId, votes: z.array(z.int().check(z.nonnegative())), total: z.int().check(z.nonnegative()) }),
    /** The poll closed (time up or ended early): its result stays in the chat, and in the live's replay. */
    z.object({ type: z.literal('poll'), status: z.literal('ended'), at: z.number(), poll: pollSchema }),
    /** To the voter only (and to another tab of theirs that tries again): the option they chose. */
    z.object({ type: z.literal('poll'), status: z.literal('voted'), id: pollId, option: z.int().check(z.nonnegative()) }),
  ]),
);
export type PollFrame = z.infer<typeof pollFrameSchema>;
export type PollEndedFrame = Extract<PollFrame, { status: 'ended' }>;

export const chatErrorCodeSchema = z.lazy(() =>
  z.enum([
    'UNAUTHORIZED', // the ticket was bad when the socket opened (before the upgrade, HTTP 401)
    'LOGIN_REQUIRED', // a guest tried to write: show the members-only modal
    'BANNED',
    'KICKED',
    'MUTED',
    'FROZEN',
    'FORBIDDEN',
    'RATE_LIMITED',
    'TOO_LONG',
    'DUPLICATE',
    'NOT_JOINED',
    'WRONG_ROOM',
    'TARGET_NOT_FOUND',
    'BAD_TARGET',
    'UNAVAILABLE',
    'POLL_INVALID', // a question, option or duration outside POLL_LIMITS / POLL_DURATIONS
    'POLL_OPEN', // a poll is already open in the room
    'POLL_CLOSED', // no such open poll (it ended, or another one is open)
    'ALREADY_VOTED', // this member voted in this poll already (from any tab or device)
  ]),
);
export type ChatErrorCode = z.infer<typeof chatErrorCodeSchema>;

export const connectionFrameSchema = z.lazy(() =>
  z.discriminatedUnion('status', [
    z.object({
      type: z.literal('connection'),
      status: z.literal('joined'),
      room: roomIdSchema,
      /** Null for a guest (read only). */
      me: z.nullable(chatUserSchema),
      frozen: z.boolean(),
      viewers: z.int().check(z.nonnegative()),
      history: z.array(messageFrameSchema).check(z.maxLength(CHAT_HISTORY)),
      /** The open poll, if any, and the option this member chose in it (null: not voted). */
      poll: z.optional(z.nullable(pollSchema)),
      myVote: z.optional(z.nullable(z.int().check(z.nonnegative()))),
      /** The room's latest ended polls (their result cards), oldest first. */
      pollResults: z.optional(z.array(pollSchema).check(z.maxLength(POLL_RESULTS_ON_JOIN))),
    }),
    z.object({ type: z.literal('connection'), status: z.literal('left'), room: roomIdSchema }),
    z.object({
      type: z.literal('connection'),
      status: z.literal('error'),
      code: chatErrorCodeSchema,
      /** RATE_LIMITED / MUTED / BANNED: when writing (or joining) works again; null = never by itself. */
      until: z.optional(z.nullable(z.number())),
    }),
    z.object({ type: z.literal('connection'), status: z.literal('pong') }),
    /** The room's joined sockets (every shard), sent to all of them as people join and leave, at most once a second. */
    z.object({ type: z.literal('connection'), status: z.literal('viewers'), viewers: z.int().check(z.nonnegative()) }),
  ]),
);
export type ConnectionFrame = z.infer<typeof connectionFrameSchema>;

export type ServerFrame = MessageFrame | ActionResultFrame | EventFrame | ConnectionFrame | PollFrame;

/**
 * Each server frame's schema by its `type`: a frame is checked against its own only. A union of the four tried
 * them in turn, and a first parse builds every schema it tries (zod v4 prepares an object's shape lazily), which
 * made the first 'joined' frame a 22 ms task in the browser here (90 ms under Lighthouse's 4x CPU throttle).
 */
const SERVER_FRAME_SCHEMAS: Record<ServerFrame['type'], z.ZodMiniType> = {
  message: messageFrameSchema,
  action: actionResultFrameSchema,
  event: eventFrameSchema,
  connection: connectionFrameSchema,
  poll: pollFrameSchema,
};

/**
 * Nobody gets into a room whose channel they may not watch (the player's rule, `accessFor`):
 * the ticket calls answer 403 with one of these codes, the socket route refuses a ticketless upgrade
 * with the same, and the panel says `chat.access.<reason>` and stops.
 */
export const CHAT_ACCESS_CODES = {
  identity: 'IDENTITY_REQUIRED',
  adult: 'ADULT_ONLY',
  password: 'PASSWORD_REQUIRED',
  unavailable: 'BROADCAST_UNAVAILABLE',
} as const satisfies Record<Exclude<PlaybackAccess, 'ok' | 'full'>, string>; // seats limit watching, not the room
export type ChatAccessRefusal = keyof typeof CHAT_ACCESS_CODES;
export const chatAccessMessageKey = (reason: ChatAccessRefusal) => `chat.access.${reason}`;

/** The reason behind an error code from a ticket call, or null when the code is not an access refusal. */
export function chatAccessRefusalOf(code: unknown): ChatAccessRefusal | null {
  for (const [reason, known] of Object.entries(CHAT_ACCESS_CODES)) if (known === code) return reason as ChatAccessRefusal;
  return null;
}

/** Parse one raw socket frame; null when it is too big, not JSON, or not a known frame. */
export function parseClientFrame(raw: string | ArrayBuffer): ClientFrame | null {
  if (typeof raw !== 'string' || raw.length > CHAT_MAX_FRAME) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = clientFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * One socket message from the room carries one or more server frames separated by '\n' (JSON never
 * holds a raw newline), so a busy room sends each socket one message per delivery instead of one per
 * frame. Frames that fail the schema are skipped, as the room does with the client's.
 */
export function parseServerFrames(raw: string): ServerFrame[] {
  const frames: ServerFrame[] = [];
  for (const line of raw.split('\n')) {
    try {
      const json: unknown = JSON.parse(line);
      const type = (json as { type?: unknown } | null)?.type;
      const schema = typeof type === 'string' && Object.hasOwn(SERVER_FRAME_SCHEMAS, type) ? SERVER_FRAME_SCHEMAS[type as ServerFrame['type']] : null;
      const parsed = schema?.safeParse(json);
      if (parsed?.success) frames.push(parsed.data as ServerFrame);
    } catch {
      // not JSON: skipped
    }
  }
  return frames;
}
