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

/** How long an isolate gathers a room's gifts before telling the room of them in one request. */
export const EVENT_BATCH_WINDOW_MS = 10;
/** Events per request at most: past it the next ones start the next batch. */
export const EVENT_BATCH_MAX = 50;

interface Batch {
  events: PublishedEvent[];
  /** Settles once the room has handled the batch: whether it accepted each event. */
  handled: Promise<boolean[]>;
}

interface Lane {
  open: Batch | null;
  /** The lane's last batch, settled either way: the next one leaves after it. */
  last: Promise<unknown>;
}

/** Per room (a channel id), the batches of this isolate: see queueChatEvent. */
const lanes = new Map<string, Lane>();

/**
 * publishChatEvent for events that come many a second (gifts): this isolate gathers a room's events for
 * EVENT_BATCH_WINDOW_MS, and while its previous batch is in flight, then tells the room of them in one request
 * (at most EVENT_BATCH_MAX), which handles them in the order queued as publishing each would. A room hears of
 * each event once: a batch is sent once and never again. Resolves as publishChatEvent would for this event;
 * rejects (so the caller can say the event was lost) when the room could not be told of its batch.
 * The request that opens a batch sends it; another request's event that joins it waits for it (its waitUntil).
 */
export function queueChatEvent(env: Env, channelId: number, event: PublishedEvent): Promise<boolean> {
  const room = String(channelId);
  let lane = lanes.get(room);
  if (!lane) {
    lane = { open: null, last: Promise.resolve() };
    lanes.set(room, lane);
  }
  let batch = lane.open;
  if (!batch || batch.events.length >= EVENT_BATCH_MAX) batch = openBatch(env, room, lane);
  const at = batch.events.push(event) - 1;
  return batch.handled.then((accepted) => accepted[at] === true);
}

function openBatch(env: Env, room: string, lane: Lane): Batch {
  const batch: Batch = { events: [], handled: Promise.resolve([]) };
  const previous = lane.last;
  batch.handled = (async () => {
    // One batch of a room in flight at a time keeps the room's events in the order they were queued.
    await Promise.all([previous, new Promise((resolve) => setTimeout(resolve, EVENT_BATCH_WINDOW_MS))]);
    if (lane.open === batch) lane.open = null;
    return hubStub(env, room).publishAll(room, batch.events);
  })();
  const last = batch.handled.catch(() => undefined);
  lane.open = batch;
  lane.last = last;
  // A lane with nothing queued and nothing in flight is forgotten (rooms come and go).
  void last.then(() => {
    if (lanes.get(room) === lane && lane.last === last && lane.open === null) lanes.delete(room);
  });
  return batch;
}
