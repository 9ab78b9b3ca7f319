import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditAccounts } from '../../src/db/ledger';
import { gift, move, systemAccount, walletOf } from '../../src/api/services/ledger';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import type { RankingsResponse } from '../../src/shared/fan-schemas';
import type { Browser } from './helpers';
import { clearWatchTables, insertChannel, insertMember, json, signedIn } from './watch-fixtures';

// GET /api/my/rankings keeps the lists every member sees (top senders, top channels) for a minute per isolate,
// and reads what is the member's own every time. tests/worker/exchange.test.ts checks the figures.

beforeEach(clearWatchTables);

let serial = 0;
const key = (what: string) => `test-${what}:${Date.now()}:${++serial}`;

async function fund(memberId: number, amount: number) {
  const [pg, wallet] = await Promise.all([systemAccount(env.DB, 'pg_clearing'), walletOf(env.DB, memberId)]);
  await move(env.DB, {
    idempotencyKey: key('buy'),
    kind: 'purchase',
    legs: [
      { accountId: pg, amount: -amount },
      { accountId: wallet, amount },
    ],
  });
}

const send = (from: number, to: number, amount: number) => gift(env.DB, { from, to, amount, key: key('gift') });
const rankings = async (browser: Browser, period = 'week') => json<RankingsResponse>(await browser.fetch(`/api/my/rankings?period=${period}`));

describe('GET /api/my/rankings: lists of the interval, own figures of now', () => {
  it('a new gift shows in the top lists once the interval passed; the member’s own standing shows it at once', async () => {
    const me = await signedIn();
    const myChannel = await insertChannel({ ownerId: me.id, title: 'mine' });
    const big = await insertChannel({ title: 'big' });
    const rival = await insertMember();
    const fan = await insertMember();
    await Promise.all([fund(me.id, 3_000_000), fund(rival.id, 3_000_000), fund(fan.id, 100_000)]);
    // Larger than anything other tests of this worker sent this week: these are the top of the lists.
    await send(rival.id, big.ownerId, 1_000_000);
    await send(me.id, big.ownerId, 500_000);

    const first = await rankings(me.browser);
    expect(first.topSenders.slice(0, 2).map((s) => [s.loginId, s.amount, s.rank])).toEqual([
      [rival.loginId, 1_000_000, 1],
      [me.loginId, 500_000, 2],
    ]);
    expect(first.topChannels[0]).toMatchObject({ channelId: big.id, amount: 1_500_000 });
    expect(first.me).toEqual({ amount: 500_000, rank: 2 });
    expect(first.myFanRanks.map((f) => [f.channelId, f.amount, f.rank, f.fans])).toEqual([[big.id, 500_000, 2, 2]]);
    expect(first.myChannel).toEqual({ channelId: myChannel.id, fans: [] });

    // Within the interval: the lists are as they were, the member's own figures are not.
    await send(me.id, big.ownerId, 600_000);
    await send(fan.id, me.id, 70);
    const within = await rankings(me.browser);
    expect(within.topSenders).toEqual(first.topSenders);
    expect(within.topChannels).toEqual(first.topChannels);
    expect(within.me).toEqual({ amount: 1_100_000, rank: 1 });
    expect(within.myFanRanks.map((f) => [f.channelId, f.amount, f.rank, f.fans])).toEqual([[big.id, 1_100_000, 1, 2]]);
    expect(within.myChannel?.fans.map((f) => [f.loginId, f.amount, f.rank])).toEqual([[fan.loginId, 70, 1]]);
    // Another period reads its own lists, with the new gifts in them.
    const all = await rankings(me.browser, 'all');
    expect(all.topSenders[0]).toMatchObject({ loginId: me.loginId, amount: 1_100_000, rank: 1 });

    // The interval passed (this isolate's caches forgotten, as they are after RANKING_LISTS_TTL_MS).
    clearAllCaches();
    const after = await rankings(me.browser);
    expect(after.topSenders.slice(0, 2).map((s) => [s.loginId, s.amount, s.rank])).toEqual([
      [me.loginId, 1_100_000, 1],
      [rival.loginId, 1_000_000, 2],
    ]);
    expect(after.topChannels[0]).toMatchObject({ channelId: big.id, amount: 2_100_000 });
    expect(after.me).toEqual({ amount: 1_100_000, rank: 1 });

    const accounts = await auditAccounts(env.DB);
    expect(accounts.reduce((sum, a) => sum + a.balance, 0)).toBe(0);
    for (const a of accounts) expect(a.balance).toBe(a.entrySum);
  });

  it('a member who gave nothing this period has no rank, however many gave', async () => {
    const giver = await insertMember();
    const creator = await insertChannel();
    await fund(giver.id, 10);
    await send(giver.id, creator.ownerId, 10);
    const idle = await signedIn();
    expect(await rankings(idle.browser, 'month')).toMatchObject({ myChannel: null, myFanRanks: [], me: { amount: 0, rank: null } });
    // Their first gift counts at once, placed among the others of the lists.
    await fund(idle.id, 5);
    await send(idle.id, creator.ownerId, 5);
    const now = await rankings(idle.browser, 'month');
    expect(now.me.amount).toBe(5);
    expect(now.me.rank).toBe(now.topSenders.filter((s) => s.amount > 5).length + 1);
    expect(now.myFanRanks.map((f) => [f.channelId, f.amount, f.rank, f.fans])).toEqual([[creator.id, 5, 2, 2]]);
  });
});
