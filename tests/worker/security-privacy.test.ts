// Security sweep: what members' data shows to whom. A member who turned isSponser off ("hide me as a supporter")
// is an anonymous supporter everywhere another member sees their gifts: the rankings, a creator's fans and the
// room's gift events. They still see themselves.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import type { RankingsResponse } from '../../src/shared/fan-schemas';
import { joined } from './chat-helpers';
import type { Browser } from './helpers';
import { securityRow } from './security-table';
import { clearWatchTables, insertChannel, json, liveChannel, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

let keys = 0;
const newKey = () => `p${Date.now()}${++keys}`.padEnd(8, '0');

const fund = (memberId: number, amount: number) => creditPurchase(env.DB, { memberId, amount, key: `test-purchase:${newKey()}` });
const nicknameOf = async (id: number) => (await env.DB.prepare('SELECT nickname FROM members WHERE id = ?').bind(id).first<{ nickname: string }>())!.nickname;
const rankings = async (browser: Browser) => json<RankingsResponse>(await browser.fetch('/api/my/rankings?period=all'));

/** A member who chose not to be shown as a supporter, with luv to give. */
async function hiddenSupporter(luv: number) {
  const member = await signedIn();
  expect((await member.browser.json('/api/my/setting', { isSponser: false })).status).toBe(200);
  await fund(member.id, luv);
  return { ...member, nickname: await nicknameOf(member.id) };
}

/** Where the text names the member (login ID or nickname), for the table. */
const leaks = (text: string, who: { loginId: string; nickname: string }) => [who.loginId, who.nickname].filter((name) => text.includes(name));

describe('isSponser off: an anonymous supporter to everyone else', () => {
  it("rankings: other members' top senders and the creator's fans show no name; the member sees themselves", async (context) => {
    const hidden = await hiddenSupporter(2_000_000);
    const shown = await signedIn();
    await fund(shown.id, 2_000_000);
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    // Amounts no other test of this file gives: the rows are found by them.
    const give = (who: Browser, amount: number) => who.json('/api/luv/gift', { channelId: channel.id, amount, idempotencyKey: newKey() });
    expect((await give(hidden.browser, 1_234_567)).status).toBe(200);
    expect((await give(shown.browser, 1_234_566)).status).toBe(200);
    const other = await signedIn();
    await insertChannel({ ownerId: other.id });
    clearAllCaches();

    const seen = await rankings(other.browser);
    const hiddenRow = seen.topSenders.find((s) => s.amount === 1_234_567);
    expect(hiddenRow).toMatchObject({ loginId: '', nickname: '', anonymous: true, rank: 1 });
    expect(seen.topSenders.find((s) => s.amount === 1_234_566)).toMatchObject({ loginId: shown.loginId, anonymous: false });
    const byCreator = await rankings(creator.browser);
    expect(byCreator.myChannel?.fans.map((f) => [f.loginId, f.nickname, f.amount, f.anonymous])).toEqual([
      ['', '', 1_234_567, true],
      [shown.loginId, await nicknameOf(shown.id), 1_234_566, false],
    ]);
    const own = await rankings(hidden.browser);
    expect(own.topSenders.find((s) => s.amount === 1_234_567)).toMatchObject({ loginId: hidden.loginId, nickname: hidden.nickname, anonymous: false });

    const leaked = [...leaks(JSON.stringify(seen), hidden).map((n) => `top senders: ${n}`), ...leaks(JSON.stringify(byCreator), hidden).map((n) => `creator's fans: ${n}`)];
    securityRow(context, {
      area: 'privacy',
      tried: "a hidden supporter's gift in another member's rankings and in the creator's fan list",
      letThrough: leaked.join(', ') || 0,
      pass: leaked.length === 0,
    });
    expect(leaked).toEqual([]);
  });

  it("the room's gift events (luv and items) come from no one", async (context) => {
    const hidden = await hiddenSupporter(10_000);
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    const { client } = await joined(String(channel.id), null);
    expect((await hidden.browser.json('/api/luv/gift', { channelId: channel.id, amount: 77, message: '응원해요', idempotencyKey: newKey() })).status).toBe(200);
    const gift = await client.waitFor((f) => f.type === 'event' && f.kind === 'gift');
    expect(gift).toMatchObject({ from: null, amount: 77, message: '응원해요' });

    expect((await hidden.browser.json('/api/my/items/buy', { prodName: '450', quantity: 1, idempotencyKey: newKey() })).status).toBe(200);
    expect((await hidden.browser.json('/api/my/items/gift', { prodName: '450', quantity: 1, channelId: channel.id, idempotencyKey: newKey() })).status).toBe(200);
    const item = await client.waitFor((f) => f.type === 'event' && f.kind === 'item');
    expect(item).toMatchObject({ from: null, itemCode: 450, effect: 'gift' });

    const leaked = leaks(JSON.stringify([gift, item]), hidden);
    securityRow(context, { area: 'privacy', tried: "a hidden supporter's luv gift and item gift as the room hears them", letThrough: leaked.join(', ') || 0, pass: leaked.length === 0 });
    expect(leaked).toEqual([]);
  });
});
