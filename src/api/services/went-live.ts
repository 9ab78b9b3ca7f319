// Went-live notices: when a channel's live starts, each of its followers who wants its notices is told through their
// inbox socket when their pages were open lately (every open page of theirs shows it), and by Web Push on every
// browser of theirs that allowed it (services/push.ts). The live's start only enqueues one message, a planner: it
// reads the next PLAN_PAGES pages of follower ids (ids only, from an index), tells the first page itself and
// enqueues one message per other page, plus a planner for what lies beyond. Each message tells at most
// FOLLOWERS_PER_MESSAGE followers, AT_ONCE at a time, and the queue runs the messages of a batch side by side: the work
// of one message is bounded whatever the count of followers, the pages go out in parallel, and a failed page is
// retried alone (docs/product/watching-and-chat.md, "Following").

import type { InboxFrame } from '../../shared/message-schemas';
import { wentLiveMessageSchema, type WentLiveMessage } from '../../shared/went-live';
import { followersToTell } from '../../db/follows';
import { findOpenLive } from '../../db/streams';
import { notifyMember } from '../../inbox';
import { pushWentLive } from './push';

export const FOLLOWERS_PER_MESSAGE = 500;
/**
 * Only pages that are open can show a notice: the inboxes woken are of followers whose pages opened one within this
 * long (every page asks for an inbox ticket), not of every follower; a page open longer without reconnecting misses it.
 */
export const SEEN_WITHIN_MS = 12 * 3600_000;
const PLAN_PAGES = 100;
const AT_ONCE = 50;
/** The most messages one sendBatch takes. */
const SEND_BATCH = 100;

/** One queue message: its page of followers told (a planner: the first page, and the rest enqueued). How many were told. */
export async function tellFollowers(env: Env, body: unknown): Promise<number> {
  const message = wentLiveMessageSchema.parse(body);
  const live = await findOpenLive(env.DB, message.channelId);
  // Ended (or another live since) before its notices went out: nothing to come and see.
  if (!live || live.id !== message.streamId) return 0;
  const frame: InboxFrame = { type: 'went_live', channelId: message.channelId, streamId: live.id, loginId: live.ownerLoginId, nickname: live.ownerNickname, title: live.title };
  const limit = message.until === undefined ? FOLLOWERS_PER_MESSAGE * PLAN_PAGES : FOLLOWERS_PER_MESSAGE;
  const followers = await followersToTell(env.DB, message.channelId, Date.now() - SEEN_WITHIN_MS, message.after, limit, message.until);
  const ids = followers.map((f) => f.memberId);
  const page = followers.slice(0, FOLLOWERS_PER_MESSAGE);
  if (message.until === undefined) await enqueueRest(env, message, ids, limit);
  const awake = page.filter((f) => f.awake).map((f) => f.memberId);
  const pushing = pushWentLive(
    env,
    page.map((f) => f.memberId),
    { channelId: message.channelId, loginId: live.ownerLoginId, nickname: live.ownerNickname, title: live.title },
  );
  for (let i = 0; i < awake.length; i += AT_ONCE) await Promise.all(awake.slice(i, i + AT_ONCE).map((memberId) => notifyMember(env, memberId, frame)));
  await pushing;
  return page.length;
}

/** A planner's other pages, one message each, and the next planner when it read as many ids as it may. */
async function enqueueRest(env: Env, planner: WentLiveMessage, ids: number[], limit: number): Promise<void> {
  const { channelId, streamId } = planner;
  const messages: WentLiveMessage[] = [];
  for (let i = FOLLOWERS_PER_MESSAGE; i < ids.length; i += FOLLOWERS_PER_MESSAGE) {
    messages.push({ channelId, streamId, after: ids[i - 1]!, until: ids[Math.min(i + FOLLOWERS_PER_MESSAGE, ids.length) - 1]! });
  }
  if (ids.length === limit) messages.push({ channelId, streamId, after: ids.at(-1)! });
  for (let i = 0; i < messages.length; i += SEND_BATCH) await env.NOTICES.sendBatch(messages.slice(i, i + SEND_BATCH).map((body) => ({ body })));
}
