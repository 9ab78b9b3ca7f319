// A maintenance flip while gifts are being sent: nothing is accepted after the flip, and
// switching it off accepts gifts again. Gifts go through the real proxy and API, as a browser sends them.
//
// How the flag reaches a gift: ops writes KV `flags` (npm run ops -- maintenance on); the API's middleware
// (src/api/app.ts) reads it with readFlags (src/lib/kv-config.ts) on every call, with no cache of its own,
// and refuses every call outside its maintenance list 503 SERVICE_UNAVAILABLE. The edge gate's 10 s cache
// (src/middleware/gate.ts) is for pages only: the API proxy is mounted before the gate. So here, the first
// call after the write sees the flag; in production KV itself may answer the old value for up to 60 s at a
// location that read it recently (KV's own edge cache), which this runtime cannot show.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import { creditPurchase } from '../../src/api/services/ledger';
import { FLAGS_KEY } from '../../src/lib/kv-config';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { CACHE_MS } from '../../src/shared/constants';
import type { GiftResponse } from '../../src/shared/luv-schemas';
import type { Browser } from './helpers';
import { clearWatchTables, liveChannel, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

/** Switch maintenance and let this isolate know at once (the API reads flags kept up to CACHE_MS.apiFlags). */
async function flip(maintenance: boolean): Promise<void> {
  await env.CONFIG.put(FLAGS_KEY, JSON.stringify({ maintenance, emergency: false }));
  clearAllCaches();
}

let keys = 0;
const newKey = () => `mnt${Date.now()}${++keys}`;

interface Sent {
  key: string;
  /** Whether the gift was sent (its request begun) after the flip's write had completed. */
  afterFlip: boolean;
  status: number;
  body: { movementId?: number; error?: { code: string; message: string } };
}

/** The gift movements a member's wallet has under this test's keys, by movement id. */
async function movementsOf(memberId: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT m.id FROM ledger_movements m JOIN ledger_entries e ON e.movement_id = m.id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.owner_id = ? AND a.kind = 'wallet' AND m.kind = 'gift' ORDER BY m.id`,
  )
    .bind(memberId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe('maintenance switched on while gifts are being sent', () => {
  it('refuses every gift sent after the flip (503, in the sender’s language), moves exactly the gifts answered 200, and accepts gifts again once off', { timeout: 120_000 }, async () => {
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    // Two senders: one reads Korean (the brand's default), one asks for English.
    const senders = [
      { ...(await signedIn()), headers: {} as Record<string, string>, message: ko.errors.maintenance },
      { ...(await signedIn()), headers: { 'accept-language': 'en' }, message: en.errors.maintenance },
    ];
    for (const s of senders) await creditPurchase(env.DB, { memberId: s.id, amount: 10_000, key: `mnt-fund:${newKey()}` });

    let flipped = false;
    let stop = false;
    const sent: Sent[][] = senders.map(() => []);
    const send = async (browser: Browser, headers: Record<string, string>, log: Sent[]) => {
      const key = newKey();
      const afterFlip = flipped;
      const res = await browser.json('/api/luv/gift', { channelId: channel.id, amount: 1, idempotencyKey: key }, 'POST', { headers });
      log.push({ key, afterFlip, status: res.status, body: (await res.json()) as Sent['body'] });
    };
    // Each sender keeps three gifts in flight until told to stop.
    const senderLoops = senders.flatMap((s, i) =>
      Array.from({ length: 3 }, async () => {
        while (!stop) await send(s.browser, s.headers, sent[i]!);
      }),
    );

    // Let gifts flow, then flip while they are still being sent.
    while (sent.flat().filter((g) => g.status === 200).length < 30) await new Promise((r) => setTimeout(r, 10));
    await flip(true);
    flipped = true;
    // The flip is effective for the API at once: its very next read of the flags says maintenance.
    const status = await senders[0]!.browser.fetch('/api/guest/timeCheck/9?ver=2');
    expect(await status.json()).toEqual({ isMantenace: true, isEmergency: false });
    while (sent.flat().filter((g) => g.afterFlip).length < 30) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await Promise.all(senderLoops);

    for (const [i, s] of senders.entries()) {
      const log = sent[i]!;
      const after = log.filter((g) => g.afterFlip);
      expect(after.length).toBeGreaterThan(0);
      for (const g of after) {
        expect(g.status, g.key).toBe(503);
        expect(g.body.error, g.key).toEqual({ code: 'SERVICE_UNAVAILABLE', message: s.message });
      }
      // Before the flip every gift went through; the ones in flight at the flip either did or were refused.
      const before = log.filter((g) => !g.afterFlip);
      expect(before.filter((g) => g.status === 200).length).toBeGreaterThan(0);
      for (const g of before) expect([200, 503], g.key).toContain(g.status);
      // The ledger holds exactly the gifts answered 200: not one refused gift moved luv.
      const accepted = log.filter((g) => g.status === 200).map((g) => g.body.movementId!);
      expect(await movementsOf(s.id)).toEqual([...accepted].sort((a, b) => a - b));
    }

    // Off again: gifts are accepted.
    await flip(false);
    for (const s of senders) {
      const res = await s.browser.json('/api/luv/gift', { channelId: channel.id, amount: 1, idempotencyKey: newKey() }, 'POST', { headers: s.headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as GiftResponse;
      expect((await movementsOf(s.id)).at(-1)).toBe(body.movementId);
    }
  });

  it('reaches an isolate that read the flags before, within CACHE_MS.apiFlags and without being told', { timeout: 30_000 }, async () => {
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    const sender = await signedIn();
    await creditPurchase(env.DB, { memberId: sender.id, amount: 100, key: `mnt-fund:${newKey()}` });
    const gift = () => sender.browser.json('/api/luv/gift', { channelId: channel.id, amount: 1, idempotencyKey: newKey() }, 'POST');
    expect((await gift()).status).toBe(200); // the flags (off) are now this isolate's
    await env.CONFIG.put(FLAGS_KEY, JSON.stringify({ maintenance: true, emergency: false }));
    try {
      await new Promise((r) => setTimeout(r, CACHE_MS.apiFlags + 100));
      const res = await gift();
      expect(res.status).toBe(503);
    } finally {
      await flip(false);
    }
  });
});
