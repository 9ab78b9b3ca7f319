import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_CLOSE,
  CHAT_DUPLICATE_WINDOW_MS,
  CHAT_RATE,
  CHAT_HISTORY,
  CHAT_MAX_FRAME,
  PING_FRAME,
  POLL_TALLY_EVERY_MS,
  PONG_FRAME,
  clientFrameSchema,
  parseClientFrame,
  publishedEventSchema,
  type ConnectionFrame,
  type MessageFrame,
  type Poll,
  type ServerFrame,
  type WriteFrame,
} from '../shared/chat-protocol';
import { chatIdentityHeader } from '../shared/chat-identity';
import { Authority, type Identity, type Outcome, type Removal } from './authority';
import { chatChannel } from '../db/chat';
import { RoomStore } from '../db/chat-room';
import { CountBroadcaster, Pacer, ShardReporter, SpokeOutbox, Throttle } from './fan-out';
import { chatEmojiOf } from './emoji';
import { KEEP_RECORDINGS } from '../shared/streams-enums';
import { ROLE_FRESH_MS, RoleCache } from './roles';
import { RESERVATION_MS, hubStub, pickShard, sendGap, shardCapacity, shardStub } from './shards';

interface Attachment {
  who: Identity | null;
  joined: boolean;
  streamId: number | null;
}

export type Admission = { ok: false } | { ok: true; shard: number; refuse: ConnectionFrame | null };
export interface JoinInfo {
  me: ReturnType<Authority['user']> | null;
  frozen: boolean;
  history: MessageFrame[];
  poll: Poll | null;
  myVote: number | null;
  pollResults: Poll[];
  viewers: number;
  refuse: ConnectionFrame | null;
}

/** Internal headers the edge sets when it hands a socket to a shard (only our Worker reaches the object). */
export const SHARD_HEADERS = { room: 'x-chat-room', shard: 'x-chat-shard', identity: 'x-chat-identity', refuse: 'x-chat-refuse' } as const;

/** Rate and duplicate rows older than both windows decide nothing; the hub drops them once a minute. */
const WRITER_MEMORY_MS = Math.max(CHAT_RATE.windowMs, CHAT_DUPLICATE_WINDOW_MS);
const PRUNE_EVERY_MS = 60_000;
/** The room's viewer count reaches its sockets at most this often. */
export const VIEWERS_EVERY_MS = 1_000;

const closeCode = (code: ChatCode) => (code === 'BANNED' ? CHAT_CLOSE.banned : CHAT_CLOSE.kicked);
type ChatCode = Removal['code'];

function dropReason(raw: string | ArrayBuffer): string {
  if (typeof raw !== 'string') return 'binary';
  if (raw.length > CHAT_MAX_FRAME) return 'size';
  try {
    JSON.parse(raw);
    return 'schema';
  } catch {
    return 'json';
  }
}

/**
 * One shard of one chat room (see shards.ts), on the WebSocket Hibernation API: who each socket is
 * lives in its attachment and everything the room decides lives in SQLite, so hibernation or eviction
 * loses nothing but caches.
 */
export class ChatRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private room: string | null;
  private shard: number | null;
  /** The channel's owner; undefined until the hub has asked D1. */
  private ownerId: number | null | undefined;
  /** Hub only: the live whose lines are kept for its replay (meta replayStream), null between lives. */
  private replayStream: number | null;
  /** Sockets per shard (tests lower it with runInDurableObject). */
  capacity: number;
  /**
   * Open sockets and who they are, in memory. Rebuilt from the runtime (getWebSockets + attachments)
   * after a wake; a broadcast walks this map instead of asking the runtime for 500 sockets per message.
   */
  private live: Map<WebSocket, Attachment> | null = null;
  private readonly reservations = new Map<number, number[]>();
  /** Hub only: when the rate and duplicate tables last dropped writers gone quiet. */
  private prunedAt = 0;
  /** Hub only: members' chat roles as D1 has them now (a ticket's role is the one it was issued with). */
  private readonly roles = new RoleCache(() => this.env.DB);
  /** This shard's own sockets get frames at a pace they can be sent (fan-out.ts). */
  private readonly pacer = new Pacer(
    () => sendGap(this.sockets().size),
    (frames, removals) => this.deliverNow(frames, removals),
  );
  /** Hub only: frames on their way to the spokes. */
  private readonly spokes = new SpokeOutbox((shard, frames, removals) => shardStub(this.env, this.room!, shard).deliver(frames, removals));
  /** Hub only: the whole room's joined sockets, told to all of them as they change. */
  private readonly viewerCount = new CountBroadcaster(
    VIEWERS_EVERY_MS,
    () => this.roomViewers(),
    (viewers) => this.fanOut([{ type: 'connection', status: 'viewers', viewers }], []),
  );
  /** Hub only: the open poll's counts, to every shard's sockets at most every POLL_TALLY_EVERY_MS, read when sent. */
  private readonly pollTally = new Throttle(POLL_TALLY_EVERY_MS, () => {
    this.authority()
      .then((authority) => {
        const tally = authority?.tally();
        if (tally) this.fanOut([tally], []);
      })
      .catch((err) => console.warn('poll tally failed', err));
  });
  /** Spoke only: its counts on their way to the hub. */
  private readonly reporter = new ShardReporter(
    () => this.counts(),
    (sockets, joined, arrived) => hubStub(this.env, this.room!).reportShard(this.shard!, sockets, joined, arrived),
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    this.room = this.store.getMeta('room');
    const shard = this.store.getMeta('shard');
    this.shard = shard === null ? null : Number(shard);
    const owner = this.store.getMeta('owner');
    this.ownerId = owner === null ? undefined : Number(owner);
    const replayStream = this.store.getMeta('replayStream');
    this.replayStream = replayStream === null ? null : Number(replayStream);
    this.capacity = shardCapacity(env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  private adopt(room: string, shard: number): void {
    if (this.room === null) {
      this.room = room;
      this.shard = shard;
      this.store.setMeta('room', room);
      this.store.setMeta('shard', String(shard));
    } else if (this.room !== room || this.shard !== shard) {
      throw new Error(`chat object of ${this.room}#${this.shard} asked to serve ${room}#${shard}`);
    }
  }

  private get isHub(): boolean {
    return this.shard === 0;
  }

  /** Hub only: the rules, once the channel's owner is known. Null when the channel does not exist. */
  private async authority(): Promise<Authority | null> {
    if (this.ownerId === undefined) {
      const channel = await chatChannel(this.env.DB, Number(this.room));
      if (!channel) return null; // not remembered: the channel may be created later
      this.ownerId = channel.ownerId;
      this.store.setMeta('owner', String(channel.ownerId));
    }
    return new Authority(this.store, this.ownerId);
  }

  private sockets(): Map<WebSocket, Attachment> {
    if (!this.live) {
      this.live = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        this.live.set(ws, (ws.deserializeAttachment() as Attachment | null) ?? { who: null, joined: false, streamId: null });
      }
    }
    return this.live;
  }

  private attachment(ws: WebSocket): Attachment {
    return this.sockets().get(ws) ?? (ws.deserializeAttachment() as Attachment | null) ?? { who: null, joined: false, streamId: null };
  }

  private setAttachment(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.sockets().set(ws, att);
  }

  private forget(ws: WebSocket): void {
    this.live?.delete(ws);
  }

  private counts(): { sockets: number; joined: number } {
    let joined = 0;
    for (const att of this.sockets().values()) if (att.joined) joined += 1;
    return { sockets: this.sockets().size, joined };
  }

  // ---- sockets ------------------------------------------------------------------------------------

  /** The edge hands over an upgrade it has already checked (Origin, ticket) and placed (assign). */
  override async fetch(request: Request): Promise<Response> {
    const room = request.headers.get(SHARD_HEADERS.room);
    const shard = Number(request.headers.get(SHARD_HEADERS.shard));
    if (!room || !Number.isInteger(shard) || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('not a chat socket', { status: 400 });
    // Anything but an identity the edge built is refused as a bad ticket is (401), before the room adopts a name.
    const identity = chatIdentityHeader.safeDecode(request.headers.get(SHARD_HEADERS.identity) ?? '');
    if (!identity.success) return new Response('bad identity', { status: 401 });
    this.adopt(room, shard);
    const who = identity.data;
    const refuse = JSON.parse(request.headers.get(SHARD_HEADERS.refuse) || 'null') as ConnectionFrame | null;

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    this.setAttachment(server, { who, joined: false, streamId: null });
    if (refuse?.status === 'error') {
      this.send(server, JSON.stringify(refuse));
      this.closeSocket(server, refuse.code === 'BANNED' ? 'BANNED' : 'KICKED');
    } else {
      this.arrived();
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const frame = parseClientFrame(raw);
    if (!frame) {
      this.store.countDrop(dropReason(raw));
      return;
    }
    const att = this.attachment(ws);
    switch (frame.type) {
      case 'ping':
        return this.send(ws, PONG_FRAME);
      case 'join': {
        if (frame.room !== this.room) return this.error(ws, 'WRONG_ROOM');
        const info = this.isHub ? await this.joinInfo(att.who) : await hubStub(this.env, this.room).joinInfo(att.who);
        if (info.refuse?.status === 'error') {
          this.send(ws, JSON.stringify(info.refuse));
          return this.closeSocket(ws, info.refuse.code === 'BANNED' ? 'BANNED' : 'KICKED');
        }
        this.setAttachment(ws, { ...att, joined: true, streamId: frame.streamId });
        const joinedFrame: ServerFrame = {
          type: 'connection',
          status: 'joined',
          room: this.room,
          me: info.me,
          frozen: info.frozen,
          viewers: info.viewers,
          history: info.history,
          poll: info.poll,
          myVote: info.myVote,
          pollResults: info.pollResults,
        };
        this.send(ws, JSON.stringify(joinedFrame));
        return this.countsChanged();
      }
      case 'leave': {
        if (frame.room !== this.room) return this.error(ws, 'WRONG_ROOM');
        this.setAttachment(ws, { ...att, joined: false });
        this.send(ws, JSON.stringify({ type: 'connection', status: 'left', room: this.room } satisfies ServerFrame));
        return this.countsChanged();
      }
      default: {
        if (!att.joined) return this.error(ws, 'NOT_JOINED');
        const reply = this.isHub ? await this.decide(att.who, frame) : await hubStub(this.env, this.room!).submit(att.who, frame);
        for (const f of reply) this.send(ws, JSON.stringify(f));
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.forget(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closing (the runtime answered the close) or a code that may not be sent back.
    }
    this.countsChanged();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.forget(ws);
    this.countsChanged();
  }

  private send(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch {
      this.forget(ws); // the peer went away between our look and our send
    }
  }

  private error(ws: WebSocket, code: Extract<ConnectionFrame, { status: 'error' }>['code']): void {
    this.send(ws, JSON.stringify({ type: 'connection', status: 'error', code } satisfies ServerFrame));
  }

  private closeSocket(ws: WebSocket, code: ChatCode): void {
    this.forget(ws);
    try {
      ws.close(closeCode(code), code);
    } catch {
      // already closed
    }
  }

  /** The hub hands a spoke frames for its joined sockets and the members the authority removed. */
  deliver(frames: string[], removals: Removal[]): void {
    this.pacer.push(frames, removals);
  }

  private deliverNow(frames: string[], removals: Removal[]): void {
    const payload = frames.join('\n');
    const gone = removals.length > 0 ? new Map(removals.map((r) => [r.loginId.toLowerCase(), r.code])) : null;
    for (const [ws, att] of this.sockets()) {
      if (att.joined && payload) this.send(ws, payload);
      const removal = gone && att.who ? gone.get(att.who.loginId.toLowerCase()) : undefined;
      if (removal) {
        this.error(ws, removal);
        this.closeSocket(ws, removal);
      }
    }
    if (gone) this.countsChanged();
  }

  // ---- counts: a spoke reports to the hub, the hub writes its own -------------------------------

  private arrived(): void {
    if (this.isHub) this.consumeReservation(0, 1);
    else this.reporter.arrived();
    this.countsChanged();
  }

  private countsChanged(): void {
    if (!this.isHub) {
      this.reporter.changed();
      return;
    }
    const { sockets, joined } = this.counts();
    this.store.setShardCount(0, sockets, joined);
    this.viewerCount.changed();
  }

  /** Hub only: joined sockets on every shard, as the shards last reported them. */
  private roomViewers(): number {
    let viewers = 0;
    for (const c of this.store.shardCounts().values()) viewers += c.joined;
    return viewers;
  }

  // ---- the hub's RPC surface ----------------------------------------------------------------------

  /** Where a new socket of `room` goes, or why it may not join; { ok: false } when no such channel. */
  async assign(room: string, who: Identity | null): Promise<Admission> {
    this.adopt(room, 0);
    const authority = await this.authority();
    if (!authority) return { ok: false };
    const now = Date.now();
    const refuse = authority.barred(who, now);
    if (refuse) return { ok: true, shard: 0, refuse };
    const counts = this.store.shardCounts();
    const shard = pickShard((idx) => (counts.get(idx)?.sockets ?? 0) + this.reserved(idx, now), this.capacity);
    const list = this.reservations.get(shard) ?? [];
    list.push(now);
    this.reservations.set(shard, list);
    return { ok: true, shard, refuse: null };
  }

  private reserved(shard: number, now: number): number {
    const list = this.reservations.get(shard);
    if (!list) return 0;
    while (list.length > 0 && now - list[0]! > RESERVATION_MS) list.shift();
    return list.length;
  }

  private consumeReservation(shard: number, n: number): void {
    this.reservations.get(shard)?.splice(0, n);
  }

  reportShard(shard: number, sockets: number, joined: number, arrived: number): void {
    this.consumeReservation(shard, arrived);
    this.store.setShardCount(shard, sockets, joined);
    this.viewerCount.changed();
  }

  async joinInfo(who: Identity | null): Promise<JoinInfo> {
    const authority = await this.authority();
    const now = Date.now();
    if (!authority) return { me: null, frozen: false, history: [], poll: null, myVote: null, pollResults: [], viewers: 0, refuse: { type: 'connection', status: 'error', code: 'UNAVAILABLE' } };
    this.closeDuePoll(authority, now);
    const refuse = authority.barred(who, now);
    const { me, frozen, history, poll, myVote, pollResults } = authority.join(refuse ? null : who, now);
    // The joiner's own socket is not counted yet: it is once the shard has answered 'joined'.
    return { me, frozen, history, poll, myVote, pollResults, viewers: this.roomViewers() + 1, refuse };
  }

  /** A write from any shard's socket: decided here, broadcast to every shard; the writer gets `reply`. */
  async submit(who: Identity | null, frame: WriteFrame): Promise<ServerFrame[]> {
    // Spokes parsed it already; the hub does not take their word for it either.
    const checked = clientFrameSchema.safeParse(frame);
    if (!checked.success || checked.data.type === 'join' || checked.data.type === 'leave' || checked.data.type === 'ping') {
      this.store.countDrop('schema');
      return [];
    }
    return this.decide(who, checked.data);
  }

  /** A write already parsed here (the hub's own sockets) or re-checked by submit. */
  private async decide(who: Identity | null, frame: WriteFrame): Promise<ServerFrame[]> {
    const authority = await this.authority();
    if (!authority) return [{ type: 'connection', status: 'error', code: 'UNAVAILABLE' }];
    const now = Date.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      this.store.pruneWriters(now - WRITER_MEMORY_MS);
    }
    const current = await this.withCurrentRole(who, frame);
    if (current === 'gone') return [{ type: 'connection', status: 'error', code: 'LOGIN_REQUIRED' }];
    const { writer, mutedUntil } = current;
    // Staff's mute holds in every room, whatever this room's own standing of the writer (for a vote too).
    if (mutedUntil !== null && mutedUntil > now && (frame.type === 'message' || frame.type === 'poll_vote')) return [{ type: 'connection', status: 'error', code: 'MUTED', until: mutedUntil }];
    // Emoji are looked up before the decision, from what the words name, never from a URL.
    const emoji = frame.type === 'message' && writer ? await chatEmojiOf(this.env.DB, Number(this.room), frame.text) : [];
    // A poll whose time is up closes before anything else is decided (should the alarm run late).
    this.closeDuePoll(authority, Date.now());
    const outcome = authority.write(writer, frame, Date.now(), emoji);
    this.apply(outcome);
    return outcome.reply;
  }

  /** An outcome's frames to every shard, and what its poll change asks of the room's timers. */
  private apply(outcome: Outcome): void {
    this.fanOut(outcome.broadcast, outcome.removals);
    if (outcome.poll?.change === 'opened') void this.ctx.storage.setAlarm(outcome.poll.endsAt);
    if (outcome.poll?.change === 'voted') this.pollTally.changed();
  }

  private closeDuePoll(authority: Authority, now: number): void {
    const ended = authority.closeDuePoll(now);
    if (ended) this.apply(ended);
  }

  /** Hub only: the open poll's time is up (the alarm set when it opened; it outlives eviction and restarts). */
  override async alarm(): Promise<void> {
    if (!this.isHub) return;
    const authority = await this.authority();
    if (!authority) return;
    const now = Date.now();
    this.closeDuePoll(authority, now);
    // Woken early (or a poll opened since): wait for the open one's end.
    const open = this.store.openPoll();
    if (open) await this.ctx.storage.setAlarm(open.endsAt);
  }

  /**
   * The writer with their chat role as it is now, not as their ticket had it: read afresh for an action or an
   * announcement (and the action's target's too, whose standing decides whether it may be touched), at most
   * ROLE_FRESH_MS old for a message, with the writer's site-wide mute read alongside. 'gone' when the member no
   * longer exists or may no longer hold a session (blocked, suspended).
   */
  private async withCurrentRole(who: Identity | null, frame: WriteFrame): Promise<{ writer: Identity | null; mutedUntil: number | null } | 'gone'> {
    if (!who) return { writer: null, mutedUntil: null };
    const now = Date.now();
    // A message or a vote (as harmless as a message) may go by a role read up to ROLE_FRESH_MS ago; other writes read it afresh.
    const standing = await this.roles.current(who.memberId, frame.type === 'message' || frame.type === 'poll_vote' ? ROLE_FRESH_MS : 0, now);
    if (standing === null || standing.barred) return 'gone';
    if (frame.type === 'action' && frame.target) {
      const target = this.store.seen(frame.target);
      const targetRole = target ? (await this.roles.current(target.memberId, 0, now))?.role : null;
      if (target && targetRole && targetRole !== target.role) this.store.remember({ ...target, role: targetRole }, now);
    }
    const { role, mutedUntil } = standing;
    return { writer: role === who.role ? who : { ...who, role }, mutedUntil };
  }

  /** Whether a member may put words in this room now: not muted, not banned (the hub keeps the sanctions). */
  mayWrite(loginId: string): boolean {
    const now = Date.now();
    return this.store.sanction(loginId, 'mute', now) === undefined && this.store.sanction(loginId, 'ban', now) === undefined;
  }

  /** Whether the channel's creator made this member a manager of the room (the hub keeps the list). */
  isManager(loginId: string): boolean {
    return this.store.isManager(loginId);
  }

  /** Events from the API and the live pipeline (channel status, gifts, items, settings). */
  publish(room: string, event: unknown): boolean {
    const parsed = publishedEventSchema.safeParse(event);
    // An item that carries words (a LEX line) is words in the room: not from a muted or banned member, nor from no one.
    const silenced = parsed.success && parsed.data.kind === 'item' && parsed.data.text !== undefined && (parsed.data.from === null || !this.mayWrite(parsed.data.from.loginId));
    if (!parsed.success || silenced) {
      this.store.countDrop('event');
      return false;
    }
    this.adopt(room, 0);
    const published = parsed.data;
    // A live's lines are kept for its recording's replay, from its "live" notice to its "ended" one.
    if (published.kind === 'channel_status' && published.status === 'live') {
      this.setReplayStream(published.streamId);
      this.store.pruneReplay(KEEP_RECORDINGS);
    }
    this.fanOut([{ type: 'event', at: Date.now(), ...published }], []);
    if (published.kind === 'channel_status' && published.status === 'ended') this.setReplayStream(null);
    return true;
  }

  /**
   * A recording's chat, as said during its live: `limit` lines from `from` to `until` (ms), and whether more follow; without
   * `from`, the last `limit` lines before `until`.
   */
  replay(streamId: number, from: number | null, until: number, limit: number): { frames: string[]; more: boolean } {
    return from === null ? { frames: this.store.replayBefore(streamId, until, limit), more: false } : this.store.replayPage(streamId, from, until, limit);
  }

  /** Messages before `beforeId` (or the newest), oldest first, at most CHAT_HISTORY. */
  historyPage(limit = CHAT_HISTORY, beforeId: number | null = null): MessageFrame[] {
    return this.store.historyPage(limit, beforeId);
  }

  stats() {
    return { room: this.room, shard: this.shard, ...this.counts(), drops: this.store.drops(), shards: this.isHub ? Object.fromEntries(this.store.shardCounts()) : null };
  }

  /** The live whose lines are kept (read once when the object starts, not on every broadcast); stored so it outlives eviction. */
  private setReplayStream(streamId: number | null): void {
    this.replayStream = streamId;
    this.store.setMeta('replayStream', streamId === null ? null : String(streamId));
  }

  /** Hub only, while a live is on: its lines (words, gifts, notices, moderation) for the recording's replay. */
  private keepForReplay(frames: ServerFrame[]): void {
    const stream = this.replayStream;
    if (stream === null) return;
    const lines = frames.flatMap((frame) =>
      isReplayed(frame) ? [{ at: frame.at, author: authorOf(frame), messageId: frame.type === 'message' ? frame.id : null, frame: JSON.stringify(frame) }] : [],
    );
    if (lines.length > 0) this.store.keepForReplay(stream, lines);
  }

  /** Frames for every shard: the hub's own sockets at their pace, and each active spoke's batch. */
  private fanOut(frames: ServerFrame[], removals: Removal[]): void {
    if (frames.length === 0 && removals.length === 0) return;
    this.keepForReplay(frames);
    const texts = frames.map((f) => JSON.stringify(f));
    this.pacer.push(texts, removals);
    for (const shard of this.store.shardCounts().keys()) if (shard !== 0) this.spokes.push(shard, texts, removals);
  }
}

type ReplayedFrame = Extract<ServerFrame, { at: number }>;

/** What a replay shows: what was said, gifts and items, notices, moderation, polls' results; not counts, tallies, settings or connection news. */
const isReplayed = (frame: ServerFrame): frame is ReplayedFrame =>
  frame.type === 'message' || frame.type === 'action' || (frame.type === 'event' && frame.kind !== 'CHANNELING_SETTING_UPDATE') || (frame.type === 'poll' && frame.status === 'ended');

/** Whose line it is (its words' author, a gift's giver, a moderator), for hiding a banned member's at replay time. */
function authorOf(frame: ReplayedFrame): string | null {
  if (frame.type === 'message' || frame.type === 'action') return (frame.type === 'message' ? frame.from : frame.by).loginId;
  if (frame.type === 'poll') return null;
  if ('by' in frame) return frame.by.loginId;
  if ('from' in frame) return frame.from?.loginId ?? null;
  return null;
}
