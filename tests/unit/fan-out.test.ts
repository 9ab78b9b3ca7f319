import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pacer, ShardReporter, SpokeOutbox } from '../../src/chat/fan-out';
import type { Removal } from '../../src/chat/authority';

// How a chat shard spends its sends (src/chat/fan-out.ts): a quiet room at once, a busy one in batches.

const kick: Removal = { loginId: 'someone', code: 'KICKED' };

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a quiet room’s frame at once, and what arrives within the gap as one later delivery, in order', async () => {
    const deliveries: { frames: string[]; removals: Removal[]; at: number }[] = [];
    const start = Date.now();
    const pacer = new Pacer(
      () => 40,
      (frames, removals) => deliveries.push({ frames, removals, at: Date.now() - start }),
    );

    pacer.push(['a'], []);
    await vi.advanceTimersByTimeAsync(0);
    expect(deliveries).toEqual([{ frames: ['a'], removals: [], at: 0 }]);

    await vi.advanceTimersByTimeAsync(10);
    pacer.push(['b'], []);
    await vi.advanceTimersByTimeAsync(10);
    pacer.push(['c', 'd'], [kick]);
    await vi.advanceTimersByTimeAsync(10);
    expect(deliveries).toHaveLength(1); // still inside the 40 ms gap
    await vi.advanceTimersByTimeAsync(10);
    expect(deliveries[1]).toEqual({ frames: ['b', 'c', 'd'], removals: [kick], at: 40 });

    // A room that went quiet for longer than the gap is answered at once again.
    await vi.advanceTimersByTimeAsync(100);
    pacer.push(['e'], []);
    await vi.advanceTimersByTimeAsync(0);
    expect(deliveries[2]).toMatchObject({ frames: ['e'], at: 140 });
  });

  it('asks for the gap at every delivery (a shard that grows waits longer)', async () => {
    let gap = 10;
    const at: number[] = [];
    const start = Date.now();
    const pacer = new Pacer(
      () => gap,
      () => at.push(Date.now() - start),
    );
    pacer.push(['a'], []);
    await vi.advanceTimersByTimeAsync(0);
    gap = 50;
    pacer.push(['b'], []);
    await vi.advanceTimersByTimeAsync(10);
    pacer.push(['c'], []);
    await vi.advanceTimersByTimeAsync(60);
    expect(at).toEqual([0, 10, 60]);
  });
});

describe('SpokeOutbox', () => {
  it('keeps one delivery in flight per spoke and sends what piled up meanwhile as one batch, in order', async () => {
    const calls: { shard: number; frames: string[] }[] = [];
    const pending = new Map<number, ReturnType<typeof deferred>>();
    const outbox = new SpokeOutbox((shard, frames) => {
      calls.push({ shard, frames });
      const d = deferred();
      pending.set(shard, d);
      return d.promise;
    });
    outbox.push(1, ['a'], []);
    outbox.push(2, ['a'], []);
    outbox.push(1, ['b'], []);
    outbox.push(1, ['c'], []);
    expect(calls).toEqual([
      { shard: 1, frames: ['a'] },
      { shard: 2, frames: ['a'] },
    ]);
    pending.get(1)!.resolve();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ shard: 1, frames: ['b', 'c'] });
  });

  it('goes on with later batches after a spoke could not be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: string[][] = [];
    let fail = true;
    const outbox = new SpokeOutbox(async (_shard, frames) => {
      calls.push(frames);
      if (fail) {
        fail = false;
        throw new Error('spoke unreachable');
      }
    });
    outbox.push(1, ['lost'], []);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    outbox.push(1, ['next'], []);
    await vi.waitFor(() => expect(calls).toEqual([['lost'], ['next']]));
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('ShardReporter', () => {
  it('sends one report at a time; changes meanwhile go in one more report with the latest counts and arrivals', async () => {
    let counts = { sockets: 1, joined: 0 };
    const reports: [number, number, number][] = [];
    const first = deferred();
    let calls = 0;
    const reporter = new ShardReporter(
      () => counts,
      (sockets, joined, arrived) => {
        reports.push([sockets, joined, arrived]);
        return calls++ === 0 ? first.promise : Promise.resolve();
      },
    );
    reporter.arrived();
    reporter.changed();
    expect(reports).toEqual([[1, 0, 1]]);

    reporter.arrived();
    counts = { sockets: 2, joined: 1 };
    reporter.changed();
    reporter.arrived();
    counts = { sockets: 3, joined: 2 };
    reporter.changed();
    expect(reports).toHaveLength(1); // the first is still in flight

    first.resolve();
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]).toEqual([3, 2, 2]);
    await new Promise((r) => setTimeout(r, 0));
    expect(reports).toHaveLength(2);
  });
});
