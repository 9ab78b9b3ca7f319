import type { PublishedEvent } from '../shared/chat-protocol';
import { hubStub } from './shards';

/**
 * Tell a room (a channel id) about something that happened outside it. The hub validates the event
 * again and broadcasts it to every shard. A room nobody is in costs one small write.
 */
export async function publishChatEvent(env: Env, channelId: number, event: PublishedEvent): Promise<boolean> {
  const room = String(channelId);
  return hubStub(env, room).publish(room, event);
}

/** Whether a member may put words in a room (a channel id) now: not muted or banned there. */
export async function chatMayWrite(env: Env, channelId: number, loginId: string): Promise<boolean> {
  const room = String(channelId);
  return hubStub(env, room).mayWrite(loginId);
}

/** Whether a member is one of a room's (a channel id's) managers: chat moderation's list is the one list. */
export async function chatIsManager(env: Env, channelId: number, loginId: string): Promise<boolean> {
  const room = String(channelId);
  return hubStub(env, room).isManager(loginId);
}

/** A recording's chat replay out of its channel's room: lines of the live `streamId` from `from` (null: the last `limit`) to `until` (ms). */
export async function chatReplay(env: Env, channelId: number, streamId: number, from: number | null, until: number, limit: number): Promise<{ frames: string[]; more: boolean }> {
  const room = String(channelId);
  return hubStub(env, room).replay(streamId, from, until, limit);
}
