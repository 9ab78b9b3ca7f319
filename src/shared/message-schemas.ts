// The shapes of the message, block-list and settings calls (docs/product/community.md, "Messages and my page"). A message is plain text:
// cleaned of control characters and bidi overrides, stored and answered as written, shown as text.

import * as z from 'zod';
import { pageInfoSchema } from './paging';
import { cleanText } from './text';
import { BLOCK_LIST_MAX, CONVERSATION_LIMIT, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_LIMIT } from './message-limits';

const count = z.int().nonnegative();
const id = z.int().positive();
/** A member named by login ID (the ID they sign in with). */
export const loginIdSchema = z.string().trim().min(1).max(40);
const decimalId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
const pageNumber = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.int().min(1).max(max))
    .default(fallback);
const offset = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .default(0);

export const sendMessageRequestSchema = z.strictObject({
  loginId: loginIdSchema.describe('The receiver'),
  content: z
    .string()
    .max(MESSAGE_MAX_LENGTH * 4)
    .transform(cleanText)
    .pipe(z.string().min(1).max(MESSAGE_MAX_LENGTH)),
});
/** Which box: what I received or what I sent. */
export const MESSAGE_DIVISIONS = ['receive', 'send'] as const;
export type MessageDivision = (typeof MESSAGE_DIVISIONS)[number];
export const messageBoxQuerySchema = z.object({ division: z.enum(MESSAGE_DIVISIONS).default('receive'), offset, limit: pageNumber(100, MESSAGE_PAGE_LIMIT) });
export const conversationsQuerySchema = z.object({ offset, limit: pageNumber(100, MESSAGE_PAGE_LIMIT) });
export const conversationQuerySchema = z.object({
  targetId: loginIdSchema.describe("The other member's login ID"),
  limit: pageNumber(100, CONVERSATION_LIMIT),
  before: decimalId.optional().describe('Older than this message id (the next page back)'),
});
export const messageIdQuerySchema = z.object({ id: decimalId });
export const messageIdParamSchema = z.object({ id: decimalId });
export const divisionQuerySchema = z.object({ division: z.enum([...MESSAGE_DIVISIONS, 'all']) });
export const matchRequestSchema = z.strictObject({ matchId: loginIdSchema.describe("The other member's login ID: my copy of our whole conversation is deleted") });
export const reportRequestSchema = z.strictObject({ reason: z.string().max(1000).transform(cleanText).optional() });
export const targetRequestSchema = z.strictObject({ targetId: loginIdSchema.describe("The member's login ID") });
export const targetQuerySchema = z.object({ targetId: loginIdSchema.describe("The member's login ID") });

export const memberRefSchema = z.object({ memberId: id, loginId: z.string(), nickname: z.string() }).meta({ id: 'MemberRef' });
export type MemberRef = z.infer<typeof memberRefSchema>;

export const messageSchema = z
  .object({
    id,
    /** The other side: the sender in the inbox, the receiver in the sent box. */
    from: memberRefSchema,
    to: memberRefSchema,
    content: z.string().describe('Plain text; never markup'),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
    mine: z.boolean().describe('I sent it'),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const messageBoxResponseSchema = z.object({ division: z.enum(MESSAGE_DIVISIONS), ...pageInfoSchema.shape, unread: count, items: z.array(messageSchema) }).meta({ id: 'MessageBox' });
export type MessageBoxResponse = z.infer<typeof messageBoxResponseSchema>;

export const conversationSummarySchema = z.object({ with: memberRefSchema, last: messageSchema, unread: count, blocked: z.boolean().describe('I blocked them') }).meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationsResponseSchema = z
  .object({ ...pageInfoSchema.shape, unread: count.describe('Unread messages in all'), sort: z.int(), items: z.array(conversationSummarySchema) })
  .meta({ id: 'Conversations' });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const conversationResponseSchema = z
  .object({ with: memberRefSchema, items: z.array(messageSchema).describe('Oldest first'), more: z.boolean().describe('Older messages remain (ask with before=<first id>)') })
  .meta({ id: 'Conversation' });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

export const sendMessageResponseSchema = z.object({ message: messageSchema }).meta({ id: 'MessageSent' });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;
export const messageReadResponseSchema = z.object({ id, readAt: z.iso.datetime(), unread: count }).meta({ id: 'MessageRead' });
export const messagesDeletedResponseSchema = z.object({ deleted: count, unread: count }).meta({ id: 'MessagesDeleted' });
export type MessagesDeletedResponse = z.infer<typeof messagesDeletedResponseSchema>;
export const messageReportResponseSchema = z.object({ reportId: id, replayed: z.boolean() }).meta({ id: 'MessageReported' });
export const isBlockResponseSchema = z
  // Only the caller's own block: whether the target blocked the caller is never revealed (their messages are withheld silently).
  .object({ isBlock: z.boolean().describe('I blocked them') })
  .meta({ id: 'IsBlock' });

export const blockedMemberSchema = memberRefSchema.extend({ createdAt: z.iso.datetime() }).meta({ id: 'BlockedMember' });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockListResponseSchema = z.object({ items: z.array(blockedMemberSchema).max(BLOCK_LIST_MAX), total: count }).meta({ id: 'BlockList' });
export type BlockListResponse = z.infer<typeof blockListResponseSchema>;
export const blockChangedResponseSchema = z.object({ targetId: z.string(), blocked: z.boolean() }).meta({ id: 'BlockChanged' });

export const inboxTicketResponseSchema = z.object({ ticket: z.string(), unread: count.describe('Unread messages now; the socket tells each change after') }).meta({ id: 'InboxTicket' });
export type InboxTicketResponse = z.infer<typeof inboxTicketResponseSchema>;

// ---- Settings, POST /api/my/setting
const flag = z.boolean();
export const memberSettingsSchema = z
  .object({
    isView: flag.describe('Record what I watch in "recently watched"'),
    isVibes: flag.describe('Vibrate the device when a message arrives (where the device can)'),
    isSponser: flag.describe("Show my name on creators' lists of gifts received (off: shown as anonymous)"),
    memberSortCode: z.literal([1, 2]).describe('Order of my inbox: 1 newest first, 2 unread first'),
    isBigFan: flag.describe('Show my big-fan badge in chat (the badge itself is not built yet)'),
    isMemberLevelIconEnabled: flag.describe('Show my member-level icon in chat (member levels are not built yet)'),
  })
  .meta({ id: 'MemberSettings' });
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
/** Partial: what is left out stays as it was. */
export const settingsRequestSchema = memberSettingsSchema.partial().strict();
export const settingsResponseSchema = z.object({ settings: memberSettingsSchema }).meta({ id: 'SettingsResponse' });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** What the inbox socket sends (one JSON frame a message). */
export const inboxFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), id, from: memberRefSchema, unread: count }),
  z.object({ type: z.literal('unread'), unread: count }),
  z.object({ type: z.literal('blocks') }),
  z.object({ type: z.literal('settings') }),
  z.object({ type: z.literal('went_live'), channelId: id, streamId: id, loginId: z.string(), nickname: z.string(), title: z.string() }),
]);
export type InboxFrame = z.infer<typeof inboxFrameSchema>;

// ---- Pages (src/pages/messages-pages.ts loads them; client/pages draws them; their paths are in message-limits.ts)

/** /messages[?with=<loginId>]: the conversations, the one opened, and the block list. Null parts failed to load. */
export interface MessagesPageData {
  title: string;
  conversations: ConversationsResponse | null;
  with: string | null;
  thread: ConversationResponse | null;
  blocks: BlockListResponse | null;
}

/** /my: the profile with its settings. */
export interface MyPageData {
  title: string;
  profile: {
    loginId: string;
    nickname: string;
    identityVerified: boolean;
    createdAt: string;
    avatarUrl: string | null;
    settings: MemberSettings;
  } | null;
}
