/**
 * Big rooms: a room is a key, not a singleton. Object `<room>#0` (the hub) is the room's authority:
 * moderation, rate limits, history, and which shard a new socket joins. Objects `<room>#1..n` (spokes)
 * only hold sockets: they forward writes to the hub, which broadcasts to its own sockets and hands
 * every active spoke the frames to deliver. A shard fills up to `capacity` sockets before the next one
 * opens, so a small room never pays for the second hop.
 *
 * 500 a shard: one object sends at most SENDS_PER_SECOND, so a full shard delivers at most every 40 ms
 * (sendGap), which keeps a busy room inside bench:chat's 100 ms p99. More sockets per object would
 * stretch that gap; more objects run side by side (in production, not in one local workerd thread).
 */
export const DEFAULT_SHARD_CAPACITY = 500;
/** Above this many shards (128,000 sockets) new sockets go to the least loaded one rather than opening more. */
export const MAX_SHARDS = 256;
/** A place handed out but not yet reported by its shard stops counting after this long. */
export const RESERVATION_MS = 10_000;

/**
 * Socket sends one shard spends per second at most. A send costs the runtime far more than its bytes:
 * bench:chat's ceiling probe (an object that does nothing but send) reaches about 22,000-25,000 a second
 * on one core here, and a room also has to read, check and store its writes. So a busy shard batches
 * frames per socket instead of sending more often: with 500 sockets a delivery goes out at most every
 * 40 ms, about half the ceiling.
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
