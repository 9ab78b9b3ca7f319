import { chatIsManager, chatMayWrite, publishChatEvent } from '../../chat';
import { liveChannelIds } from '../../db/chat';
import type { PublishedEvent } from '../../shared/chat-protocol';

/**
 * The API's way into chat rooms (the economy issue sends gifts and item effects through here). The room
 * checks every event against the shared schema, so a malformed one is refused (false), never shown.
 * Each gift is its own request to the room: a request's I/O may not be shared with another request, so gifts of
 * several requests are not gathered into one (docs/decisions.md, "A gift is one D1 round trip").
 */
export function publishGift(env: Env, channelId: number, gift: Omit<Extract<PublishedEvent, { kind: 'gift' }>, 'kind'>): Promise<boolean> {
  return publishChatEvent(env, channelId, { kind: 'gift', ...gift });
}

export function publishItemEffect(env: Env, channelId: number, item: Omit<Extract<PublishedEvent, { kind: 'item' }>, 'kind'>): Promise<boolean> {
  return publishChatEvent(env, channelId, { kind: 'item', ...item });
}

/**
 * Operators changed the channel settings (KV 'channeling'): rooms of channels on air get
 * CHANNELING_SETTING_UPDATE and their clients refetch /api/guest/channeling-switching.
 */
export async function publishSettingsUpdate(env: Env): Promise<number> {
  const channels = await liveChannelIds(env.DB);
  const sent = await Promise.all(channels.map((id) => publishChatEvent(env, id, { kind: 'CHANNELING_SETTING_UPDATE' }).catch(() => false)));
  return sent.filter(Boolean).length;
}

/** Whether the member may put words in the channel's room now (not muted or banned there). */
export function mayWriteInRoom(env: Env, channelId: number, loginId: string): Promise<boolean> {
  return chatMayWrite(env, channelId, loginId);
}

/** Whether the member is one of the channel's managers (assigned by its creator in chat). */
export function isChannelManager(env: Env, channelId: number, loginId: string): Promise<boolean> {
  return chatIsManager(env, channelId, loginId);
}
