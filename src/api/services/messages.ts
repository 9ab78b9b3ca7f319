// Messages between members (쪽지) and the block list: who may read, write and delete what. Each side owns
// its copy of a message; nobody reaches another member's copy (a message that is not yours is as absent as
// one that does not exist: 404). After each D1 write that concerns a member, their open pages are told
// through their MemberInbox object (src/inbox).
import { Refusal } from '../../lib/errors';
import type { PageRequest } from '../../shared/paging';
import { signInboxTicket, INBOX_TICKET_TTL_MS } from '../../lib/inbox-ticket';
import { findMemberByLoginId } from '../../db/members';
import {
  addBlock,
  blockList,
  conversation,
  conversations,
  countBlocks,
  deleteBox,
  deleteConversation,
  deleteOwnCopy,
  findVisibleMessage,
  insertMessage,
  insertReport,
  isBlocked,
  markConversationRead,
  messageBox,
  removeBlock,
  markInboxSeen,
  unreadCount,
  type MessageRow,
} from '../../db/messages';
import { notifyMember } from '../../inbox';
import { BLOCK_LIST_MAX, MEMBER_SORT_CODES, MESSAGE_RATE_WINDOW_MS, MESSAGE_RECIPIENTS_PER_MINUTE } from '../../shared/message-limits';
import type {
  BlockListResponse,
  ConversationResponse,
  ConversationsResponse,
  InboxTicketResponse,
  Message,
  MessageBoxResponse,
  MessageDivision,
  MessagesDeletedResponse,
  SendMessageResponse,
} from '../../shared/message-schemas';
import { jwtSecret } from '../config';
import { memberSettings } from './settings';

const iso = (ms: number) => new Date(ms).toISOString();

function toMessage(row: MessageRow, memberId: number): Message {
  return {
    id: row.id,
    from: { memberId: row.senderId, loginId: row.senderLoginId, nickname: row.senderNickname },
    to: { memberId: row.receiverId, loginId: row.receiverLoginId, nickname: row.receiverNickname },
    content: row.content,
    createdAt: iso(row.createdAt),
    readAt: row.readAt === null ? null : iso(row.readAt),
    mine: row.senderId === memberId,
  };
}

const memberNotFound = () => new Refusal(404, 'MEMBER_NOT_FOUND', 'messages.errors.memberNotFound');
const messageNotFound = () => new Refusal(404, 'MESSAGE_NOT_FOUND', 'messages.errors.messageNotFound');

/** The other member, named by login ID; never oneself. */
async function otherMember(db: D1Database, memberId: number, loginId: string) {
  const member = await findMemberByLoginId(db, loginId);
  if (!member) throw memberNotFound();
  if (member.id === memberId) throw new Refusal(400, 'SELF_TARGET', 'messages.errors.self');
  return member;
}

async function tellUnread(env: Env, memberId: number): Promise<number> {
  const unread = await unreadCount(env.DB, memberId);
  await notifyMember(env, memberId, { type: 'unread', unread });
  return unread;
}

/**
 * Send a message. The receiver's block and the sender's rate (MESSAGE_RECIPIENTS_PER_MINUTE distinct people
 * a minute) are checked by the insert itself, so neither can be raced past; only then is the receiver told.
 */
export async function sendMessage(env: Env, senderId: number, input: { loginId: string; content: string }, now = Date.now()): Promise<SendMessageResponse> {
  const receiver = await otherMember(env.DB, senderId, input.loginId);
  const sent = await insertMessage(env.DB, {
    senderId,
    receiverId: receiver.id,
    content: input.content,
    at: now,
    windowMs: MESSAGE_RATE_WINDOW_MS,
    perMinute: MESSAGE_RECIPIENTS_PER_MINUTE,
  });
  if (!sent) throw new Refusal(429, 'MESSAGE_RATE_LIMITED', 'messages.errors.rateLimited');
  const row = await findVisibleMessage(env.DB, senderId, sent.id);
  if (!row) throw messageNotFound(); // deleted by the sender in the same instant
  // Withheld (the receiver blocked the sender): answered as delivered, and the receiver is never told.
  if (!sent.withheld) {
    const unread = await unreadCount(env.DB, receiver.id);
    await notifyMember(env, receiver.id, { type: 'message', id: row.id, from: { memberId: row.senderId, loginId: row.senderLoginId, nickname: row.senderNickname }, unread });
  }
  return { message: toMessage(row, senderId) };
}

export async function messageBoxOf(db: D1Database, memberId: number, q: PageRequest & { division: MessageDivision }): Promise<MessageBoxResponse> {
  const [{ rows, total }, unread] = await Promise.all([messageBox(db, memberId, q.division, q), unreadCount(db, memberId)]);
  return { division: q.division, offset: q.offset, limit: q.limit, total, unread, items: rows.map((r) => toMessage(r, memberId)) };
}

/** One row per other member; the member's memberSortCode orders them (newest first, or unread first). */
export async function conversationsOf(db: D1Database, memberId: number, q: PageRequest): Promise<ConversationsResponse> {
  const settings = await memberSettings(db, memberId);
  const unreadFirst = settings.memberSortCode === MEMBER_SORT_CODES.unreadFirst;
  const [{ rows, total }, unread] = await Promise.all([conversations(db, memberId, q, unreadFirst), unreadCount(db, memberId)]);
  return {
    offset: q.offset,
    limit: q.limit,
    total,
    unread,
    sort: settings.memberSortCode,
    items: rows.map((r) => {
      const last = toMessage(r, memberId);
      return { with: last.mine ? last.to : last.from, last, unread: r.unread, blocked: r.blocked === 1 };
    }),
  };
}

/** The member's copy of their conversation with `targetId`, a page back from `before`, oldest first. */
export async function conversationWith(db: D1Database, memberId: number, q: { targetId: string; limit: number; before?: number }): Promise<ConversationResponse> {
  const partner = await otherMember(db, memberId, q.targetId);
  const rows = await conversation(db, memberId, partner.id, q.limit, q.before ?? null);
  const more = rows.length > q.limit;
  const items = rows
    .slice(0, q.limit)
    .reverse()
    .map((r) => toMessage(r, memberId));
  return { with: { memberId: partner.id, loginId: partner.loginId, nickname: partner.nickname }, items, more };
}

/** Read a received message, and with it every earlier one from the same sender (a conversation read up to here). */
export async function readMessage(env: Env, memberId: number, id: number, now = Date.now()) {
  const row = await findVisibleMessage(env.DB, memberId, id);
  if (!row || row.receiverId !== memberId) throw messageNotFound();
  await markConversationRead(env.DB, memberId, row.senderId, id, now);
  const readAt = row.readAt ?? now;
  return { id, readAt: iso(readAt), unread: await tellUnread(env, memberId) };
}

/** Delete the member's copy of one message; the other side keeps theirs. */
export async function deleteMessage(env: Env, memberId: number, id: number): Promise<MessagesDeletedResponse> {
  const deleted = await deleteOwnCopy(env.DB, memberId, id);
  if (deleted === 0) throw messageNotFound();
  return { deleted, unread: await tellUnread(env, memberId) };
}

export async function deleteAll(env: Env, memberId: number, division: MessageDivision | 'all'): Promise<MessagesDeletedResponse> {
  const deleted = await deleteBox(env.DB, memberId, division);
  return { deleted, unread: await tellUnread(env, memberId) };
}

/** Delete the member's copy of their whole conversation with one member (the app's swipe-to-delete). */
export async function deleteMatch(env: Env, memberId: number, matchId: string): Promise<MessagesDeletedResponse> {
  const partner = await otherMember(env.DB, memberId, matchId);
  const deleted = await deleteConversation(env.DB, memberId, partner.id);
  return { deleted, unread: await tellUnread(env, memberId) };
}

/** Report a message one received to the operator (`npm run ops -- reports`). */
export async function reportMessage(db: D1Database, memberId: number, id: number, reason: string | undefined, now = Date.now()) {
  const row = await findVisibleMessage(db, memberId, id);
  if (!row) throw messageNotFound();
  if (row.receiverId !== memberId) throw new Refusal(400, 'REPORT_OWN_MESSAGE', 'messages.errors.reportOwn');
  const report = await insertReport(db, { messageId: id, reporterId: memberId, senderId: row.senderId, content: row.content, reason: reason || null, at: now });
  return { reportId: report.id, replayed: report.replayed };
}

export async function isBlockWith(db: D1Database, memberId: number, targetId: string) {
  const target = await otherMember(db, memberId, targetId);
  // Never whether the target blocked the caller: a block is not revealed to the blocked member.
  return { isBlock: await isBlocked(db, memberId, target.id) };
}

// ---- Block list

export async function blockListOf(db: D1Database, memberId: number): Promise<BlockListResponse> {
  const { rows, total } = await blockList(db, memberId, { offset: 0, limit: BLOCK_LIST_MAX });
  return { items: rows.map((r) => ({ memberId: r.memberId, loginId: r.loginId, nickname: r.nickname, createdAt: iso(r.createdAt) })), total };
}

/** Block a member: they can no longer message the member, and their chat lines are hidden from the member's pages. */
export async function block(env: Env, memberId: number, targetId: string, now = Date.now()) {
  const target = await otherMember(env.DB, memberId, targetId);
  if (!(await isBlocked(env.DB, memberId, target.id)) && (await countBlocks(env.DB, memberId)) >= BLOCK_LIST_MAX) {
    throw new Refusal(409, 'BLOCK_LIST_FULL', 'messages.errors.blockListFull');
  }
  await addBlock(env.DB, memberId, target.id, now);
  await notifyMember(env, memberId, { type: 'blocks' });
  return { targetId: target.loginId, blocked: true };
}

export async function unblock(env: Env, memberId: number, targetId: string) {
  const target = await otherMember(env.DB, memberId, targetId);
  if ((await removeBlock(env.DB, memberId, target.id)) === 0) throw new Refusal(404, 'NOT_BLOCKED', 'messages.errors.notBlocked');
  await notifyMember(env, memberId, { type: 'blocks' });
  return { targetId: target.loginId, blocked: false };
}

/** A one-minute ticket for /inbox (the member's MemberInbox object), with the unread count at this moment. */
export async function issueInboxTicket(env: Env, memberId: number, now = Date.now()): Promise<InboxTicketResponse> {
  const [ticket, unread] = await Promise.all([signInboxTicket(jwtSecret(env), { memberId, exp: now + INBOX_TICKET_TTL_MS }), unreadCount(env.DB, memberId), markInboxSeen(env.DB, memberId, now)]);
  return { ticket, unread };
}
