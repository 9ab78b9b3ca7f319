/**
 * Big rooms: a room is a key, not a singleton. Object `<room>#0` (the hub) is the room's authority:
 * moderation, rate limits, history, and which shard a new socket joins. Objects `<room>#1..n` (spokes)
 * only hold sockets: they forward writes to the hub, which broadcasts to its own sockets and hands
 * every active spoke the frames to deliver. A shard fills up to `capacity` sockets before the next one
 * opens, so a small room never pays for the second hop.
 */
export const DEFAULT_SHARD_CAPACITY = 2000;
/** Above this many shards new sockets go to the least loaded one rather than opening more. */
export const MAX_SHARDS = 64;
/** A place handed out but not yet reported by its shard stops counting after this long. */
export const RESERVATION_MS = 10_000;

/**
 * Socket sends one shard spends per second at most. A send costs the runtime far more than its bytes
 * (measured locally: about 28,000 a second saturate a core), so a busy shard batches frames per socket
 * instead of sending more often: with 500 sockets a delivery goes out at most every 40 ms.
 */
export const SENDS_PER_SECOND = 12_500;
export const sendGap = (sockets: number) => (1000 * sockets) / SENDS_PER_SECOND;

export const shardName = (room: string, shard: number) => `${room}#${shard}`;

export function shardStub(env: Env, room: string, shard: number) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(shardName(room, shard)));
}

export const hubStub = (env: Env, room: string) => shardStub(env, room, 0);

export function shardCapacity(env: Env): number {
  const n = Number(env.CHAT_SHARD_CAPACITY);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_SHARD_CAPACITY;
}

/**
 * Where the next socket goes: the lowest shard with room (sockets reported plus places reserved),
 * else the least loaded of MAX_SHARDS.
 */
export function pickShard(load: (shard: number) => number, capacity: number): number {
  let best = 0;
  for (let shard = 0; shard < MAX_SHARDS; shard++) {
    const n = load(shard);
    if (n < capacity) return shard;
    if (n < load(best)) best = shard;
  }
  return best;
}
