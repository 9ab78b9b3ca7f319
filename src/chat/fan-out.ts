import type { Removal } from './authority';

type Deliver = (frames: string[], removals: Removal[]) => void;

/**
 * How one shard paces deliveries to its own sockets. A socket send costs the runtime far more than its
 * bytes (shards.ts SENDS_PER_SECOND), so a busy shard sends at most every `gap()` ms and everything that
 * waited meanwhile goes out together as one socket message per member (newline-separated frames, see
 * parseServerFrames). A quiet room's frame goes out at once.
 */
export class Pacer {
  private frames: string[] = [];
  private removals: Removal[] = [];
  private scheduled = false;
  private nextAt = 0;

  constructor(
    private readonly gap: () => number,
    private readonly deliver: Deliver,
  ) {}

  push(frames: string[], removals: Removal[]): void {
    this.frames.push(...frames);
    this.removals.push(...removals);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.flush(), Math.max(0, this.nextAt - Date.now()));
  }

  private flush(): void {
    const frames = this.frames;
    const removals = this.removals;
    this.frames = [];
    this.removals = [];
    this.scheduled = false;
    this.nextAt = Date.now() + this.gap();
    this.deliver(frames, removals);
  }
}

interface Box {
  frames: string[];
  removals: Removal[];
  busy: boolean;
}

/**
 * The hub's hand-off to its spokes: one delivery in flight per spoke keeps its frames in order, and what
 * piles up meanwhile goes as one batch. A spoke that cannot be reached loses that batch (logged), never
 * the hub's own members.
 */
export class SpokeOutbox {
  private readonly boxes = new Map<number, Box>();

  constructor(private readonly send: (shard: number, frames: string[], removals: Removal[]) => Promise<void>) {}

  push(shard: number, frames: string[], removals: Removal[]): void {
    const box = this.boxes.get(shard) ?? { frames: [], removals: [], busy: false };
    this.boxes.set(shard, box);
    box.frames.push(...frames);
    box.removals.push(...removals);
    if (!box.busy) void this.drain(shard, box);
  }

  private async drain(shard: number, box: Box): Promise<void> {
    box.busy = true;
    try {
      while (box.frames.length > 0 || box.removals.length > 0) {
        const frames = box.frames.splice(0);
        const removals = box.removals.splice(0);
        try {
          await this.send(shard, frames, removals);
        } catch (err) {
          console.warn('chat delivery to a spoke failed', shard, err);
        }
      }
    } finally {
      box.busy = false;
    }
  }
}

/**
 * A spoke's socket counts for the hub (which places new sockets by them): one report in flight at a
 * time, and changes meanwhile go in the next one.
 */
export class ShardReporter {
  private busy = false;
  private dirty = false;
  private arrivedSince = 0;

  constructor(
    private readonly counts: () => { sockets: number; joined: number },
    private readonly send: (sockets: number, joined: number, arrived: number) => Promise<void>,
  ) {}

  arrived(): void {
    this.arrivedSince += 1;
  }

  changed(): void {
    if (this.busy) {
      this.dirty = true;
      return;
    }
    void this.report();
  }

  private async report(): Promise<void> {
    this.busy = true;
    try {
      do {
        this.dirty = false;
        const arrived = this.arrivedSince;
        this.arrivedSince = 0;
        const { sockets, joined } = this.counts();
        await this.send(sockets, joined, arrived);
      } while (this.dirty);
    } catch (err) {
      console.warn('chat shard report failed', err);
    } finally {
      this.busy = false;
    }
  }
}

/**
 * The hub's viewer count for every socket in the room: the first change goes out at once, later ones at most
 * every `everyMs` (a crowd arriving is one frame a second, not one per arrival), always the count as it is when
 * sent, and nothing when it came back to what was last sent.
 */
export class CountBroadcaster {
  private scheduled = false;
  private sentAt = 0;
  private sent = -1;

  constructor(
    private readonly everyMs: number,
    private readonly count: () => number,
    private readonly send: (count: number) => void,
  ) {}

  changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.flush(), Math.max(0, this.sentAt + this.everyMs - Date.now()));
  }

  private flush(): void {
    this.scheduled = false;
    const count = this.count();
    if (count === this.sent) return;
    this.sent = count;
    this.sentAt = Date.now();
    this.send(count);
  }
}

/**
 * Runs `run` after a change at most every `everyMs`: the first change at once, later ones together once the
 * gap has passed (a poll's tally: a thousand votes in a second are two frames to every socket, not a thousand).
 */
export class Throttle {
  private scheduled = false;
  private ranAt = 0;

  constructor(
    private readonly everyMs: number,
    private readonly run: () => void,
  ) {}

  changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(
      () => {
        this.scheduled = false;
        this.ranAt = Date.now();
        this.run();
      },
      Math.max(0, this.ranAt + this.everyMs - Date.now()),
    );
  }
}
