import { env, runInDurableObject } from 'cloudflare:test';
import type { ChatRoom } from '../../src/chat/room-do';
import { hubStub } from '../../src/chat/shards';
import type { RoomStore } from '../../src/db/chat-room';
import { beforeEach, describe, expect, it } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import type { LuvSumResponse } from '../../src/shared/luv-schemas';
import type { InventoryResponse, ItemBuyResponse, ItemEventListResponse, ItemGiftResponse, ItemsSumResponse, ItemUseResponse, UsedItemsResponse } from '../../src/shared/items';
import en from '../../locales/en.json';
import ja from '../../locales/ja.json';
import ko from '../../locales/ko.json';
import th from '../../locales/th.json';
import zh from '../../locales/zh.json';
import { joined, sleep } from './chat-helpers';
import { Browser } from './helpers';
import { clearWatchTables, expectRefused, json, liveChannel, signedIn } from './watch-fixtures';
import { expectLedgerHolds } from './ledger-audit';

// Items through the real API. Ledger and item rows are immutable, so every test uses members of its own.

beforeEach(clearWatchTables);

let keys = 0;
const newKey = () => `i${Date.now()}${++keys}`.padEnd(8, '0');

async function fund(memberId: number, amount: number) {
  await creditPurchase(env.DB, { memberId, amount, key: `test-purchase:${newKey()}` });
}

const buy = (b: Browser, body: Record<string, unknown>) => b.json('/api/my/items/buy', body);
const wallet = async (b: Browser) => (await json<LuvSumResponse>(await b.fetch('/api/luv/luv-sum'))).balance;
const items = async (b: Browser, query = '') => {
  const res = await b.fetch(`/api/my/items${query}`);
  expect(res.status).toBe(200);
  return json<InventoryResponse>(res);
};
const held = async (b: Browser, prodName: string) => (await items(b, '?limit=100')).items.find((i) => i.prodName === prodName)?.quantity ?? 0;
const itemsSum = async (b: Browser) => json<ItemsSumResponse>(await b.fetch('/api/luv/items-sum'));

/** Everything a refused call must leave as it was: the member's wallet, items and the tables' sizes. */
async function snapshot(b: Browser) {
  const counts = await env.DB.prepare(
    'SELECT (SELECT COUNT(*) FROM ledger_movements) AS movements, (SELECT COUNT(*) FROM item_events) AS events, (SELECT COALESCE(SUM(quantity), 0) FROM member_items) AS held',
  ).first();
  return { wallet: await wallet(b), items: (await items(b, '?limit=100')).items, counts };
}

async function buyer(luv = 10_000) {
  const member = await signedIn();
  if (luv) await fund(member.id, luv);
  return member;
}

async function bought(b: Browser, prodName: string, quantity: number) {
  const res = await buy(b, { prodName, quantity, idempotencyKey: newKey() });
  expect(res.status).toBe(200);
  return json<ItemBuyResponse>(res);
}

describe('buying items', () => {
  it('moves the price from the wallet to platform revenue once and adds the items', async () => {
    const { browser } = await buyer(1000);
    const request = { prodName: '100', quantity: 3, idempotencyKey: newKey() };
    const first = await json<ItemBuyResponse>(await buy(browser, request));
    expect(first).toMatchObject({ balance: 700, quantity: 3, replayed: false });
    // A retry with the same key buys nothing more.
    expect(await json<ItemBuyResponse>(await buy(browser, request))).toEqual({ ...first, replayed: true });
    expect(await wallet(browser)).toBe(700);
    const inventory = await items(browser);
    expect(inventory).toMatchObject({ offset: 0, limit: 10, total: 1, passUntil: null });
    expect(inventory.items).toEqual([{ itemId: expect.any(Number), prodName: '100', kind: 'lex', quantity: 3, price: 100 }]);
    expect(await itemsSum(browser)).toEqual({ total: 3, kinds: 1 });
    const revenue = await env.DB.prepare("SELECT e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.movement_id = ?1 AND a.kind = 'platform_revenue'")
      .bind(first.movementId)
      .first<{ amount: number }>();
    expect(revenue?.amount).toBe(300);
    await expectLedgerHolds();
  });

  it('refuses a wallet short of the price, an unknown item or a subscription code, and changes nothing', async () => {
    const { browser } = await buyer(150);
    const before = await snapshot(browser);
    await expectRefused(await buy(browser, { prodName: '100', quantity: 2, idempotencyKey: newKey() }), 409);
    await expectRefused(await buy(browser, { prodName: '999', quantity: 1, idempotencyKey: newKey() }), 404);
    await expectRefused(await buy(browser, { prodName: '700', quantity: 1, idempotencyKey: newKey() }), 404);
    await expectRefused(await buy(browser, { prodName: '100', quantity: 0, idempotencyKey: newKey() }), 400);
    await expectRefused(await buy(browser, { prodName: '100', quantity: 1.5, idempotencyKey: newKey() }), 400);
    expect(await snapshot(browser)).toEqual(before);
    await expectLedgerHolds();
  });

  it('pages the inventory by 10', async () => {
    const { browser } = await buyer(5000);
    for (const code of [440, 441, 442, 443, 444, 445, 446, 447, 448, 449, 450, 4004]) await bought(browser, String(code), 1);
    const first = await items(browser);
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(12);
    expect((await items(browser, '?offset=10')).items.map((i) => i.prodName)).toEqual(['450', '4004']);
    expect(await itemsSum(browser)).toEqual({ total: 12, kinds: 12 });
  });
});

describe('gifting items', () => {
  it('moves items from giver to receiver in one batch; both lists show it, a replay moves nothing', async () => {
    const giver = await buyer();
    const receiver = await signedIn();
    await bought(giver.browser, '600', 2);
    const request = { prodName: '600', quantity: 2, loginId: receiver.loginId, idempotencyKey: newKey() };
    const res = await giver.browser.json('/api/my/items/gift', request);
    expect(res.status).toBe(200);
    const body = await json<ItemGiftResponse>(res);
    expect(body).toMatchObject({ quantity: 0, replayed: false });
    expect(await json<ItemGiftResponse>(await giver.browser.json('/api/my/items/gift', request))).toEqual({ ...body, replayed: true });
    expect(await held(receiver.browser, '600')).toBe(2);
    expect(await held(giver.browser, '600')).toBe(0);

    const sent = await json<ItemEventListResponse>(await giver.browser.fetch('/api/luv/sentitem-list'));
    expect(sent).toMatchObject({ offset: 0, limit: 10, total: 1 });
    expect(sent.items).toEqual([{ eventId: body.eventId, prodName: '600', quantity: 2, loginId: receiver.loginId, nickname: expect.any(String), createdAt: expect.any(Number) }]);
    const received = await json<ItemEventListResponse>(await receiver.browser.fetch('/api/luv/receiveditem-list'));
    expect(received.items).toEqual([expect.objectContaining({ eventId: body.eventId, loginId: giver.loginId, quantity: 2 })]);
    expect((await json<ItemEventListResponse>(await receiver.browser.fetch('/api/luv/sentitem-list'))).total).toBe(0);
  });

  it("gives to a live channel's creator and the room shows the effect", async () => {
    const giver = await buyer();
    const creator = await signedIn();
    const channel = await liveChannel({ ownerId: creator.id });
    await bought(giver.browser, '450', 1);
    const { client } = await joined(String(channel.id), null);
    const res = await giver.browser.json('/api/my/items/gift', { prodName: '450', quantity: 1, channelId: channel.id, idempotencyKey: newKey() });
    expect(res.status).toBe(200);
    const event = await client.waitFor((f) => f.type === 'event' && f.kind === 'item');
    expect(event).toMatchObject({ from: { loginId: giver.loginId }, itemCode: 450, effect: 'gift' });
    expect(await held(creator.browser, '450')).toBe(1);
  });

  it('refuses more than held, yourself, no or two receivers, and changes nothing', async () => {
    const giver = await buyer();
    const other = await signedIn();
    await bought(giver.browser, '420', 1);
    const before = await snapshot(giver.browser);
    const gift = (body: Record<string, unknown>) => giver.browser.json('/api/my/items/gift', { prodName: '420', quantity: 1, idempotencyKey: newKey(), ...body });
    await expectRefused(await gift({ loginId: other.loginId, quantity: 2 }), 409);
    await expectRefused(await gift({ loginId: other.loginId, prodName: '421' }), 409);
    await expectRefused(await gift({ loginId: giver.loginId }), 400);
    await expectRefused(await gift({}), 400);
    await expectRefused(await gift({ loginId: other.loginId, channelId: 1 }), 400);
    await expectRefused(await gift({ loginId: 'nobody-here-123' }), 404);
    expect(await snapshot(giver.browser)).toEqual(before);
    expect(await held(other.browser, '420')).toBe(0);
  });
});

describe('using items', () => {
  it('sends a LEX message in its font style to the room and spends one LEX', async () => {
    const sender = await buyer();
    const channel = await liveChannel({ ownerId: (await signedIn()).id });
    await bought(sender.browser, '100', 2);
    const { client } = await joined(String(channel.id), null);
    const res = await sender.browser.json('/api/my/useItems/100', { content: '  안녕하세요  여러분 ', channelId: channel.id, fontStyle: 'neon' });
    expect(res.status).toBe(200);
    expect(await json<ItemUseResponse>(res)).toMatchObject({ quantity: 1, passUntil: null });
    const event = await client.waitFor((f) => f.type === 'event' && f.kind === 'item');
    expect(event).toMatchObject({ from: { loginId: sender.loginId }, itemCode: 100, effect: 'lex-neon', text: '안녕하세요 여러분' });
    const used = await json<UsedItemsResponse>(await sender.browser.json('/api/my/item/all-item/used', { prodName: '100' }));
    expect(used.items).toEqual([expect.objectContaining({ prodName: '100', channelId: channel.id, content: '안녕하세요 여러분', fontStyle: 'neon' })]);
  });

  it('keeps the LEX of a member muted in that room and shows nothing (the room keeps the sanctions)', async () => {
    const sender = await buyer();
    const channel = await liveChannel({ ownerId: (await signedIn()).id });
    await bought(sender.browser, '100', 1);
    const room = String(channel.id);
    await runInDurableObject(hubStub(env, room), (instance: ChatRoom) => {
      (instance as unknown as { store: RoomStore }).store.setSanction(sender.loginId, 'mute', Date.now() + 60_000);
    });
    const res = await sender.browser.json('/api/my/useItems/100', { content: 'hello', channelId: channel.id, fontStyle: 'bold' });
    await expectRefused(res, 403, ko.items.errors.silenced);
    expect(await held(sender.browser, '100')).toBe(1);
    // Told directly, the room refuses the words too (a mute that lands between the check and the event).
    const words = { kind: 'item' as const, from: { loginId: sender.loginId, nickname: 'x' }, itemCode: 100, effect: 'lex-bold', text: 'hello' };
    expect(await hubStub(env, room).publish(room, words)).toBe(false);
    expect(await hubStub(env, room).publish(room, { ...words, text: undefined })).toBe(true);
  });

  it('uses the same last item exactly once when asked twice in parallel', async () => {
    const sender = await buyer();
    const channel = await liveChannel({ ownerId: (await signedIn()).id });
    await bought(sender.browser, '100', 1);
    const { client } = await joined(String(channel.id), null);
    const results = await Promise.all(['one', 'two', 'three'].map((content) => sender.browser.json('/api/my/useItems/100', { content, channelId: channel.id, fontStyle: 'bold' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await held(sender.browser, '100')).toBe(0);
    await sleep(300);
    expect(client.frames.filter((f) => f.type === 'event' && f.kind === 'item')).toHaveLength(1);
    const uses = await env.DB.prepare("SELECT COUNT(*) AS n FROM item_events e JOIN members m ON m.id = e.member_id WHERE m.login_id = ?1 AND e.kind = 'use'")
      .bind(sender.loginId)
      .first<{ n: number }>();
    expect(uses?.n).toBe(1);
  });

  it('activates a full-room pass through its inventory row, once per item, also in parallel', async () => {
    const holder = await buyer();
    await bought(holder.browser, '421', 1);
    const row = (await items(holder.browser)).items[0]!;
    const started = Date.now();
    const results = await Promise.all([1, 2].map(() => holder.browser.json(`/api/my/item/${row.itemId}/use`, {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = await json<ItemUseResponse>(results.find((r) => r.status === 200)!);
    expect(ok.quantity).toBe(0);
    const week = 7 * 86_400_000;
    expect(ok.passUntil).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 + week);
    expect(ok.passUntil).toBeLessThanOrEqual(Date.now() + week);
    expect((await items(holder.browser)).passUntil).toBe(ok.passUntil);
    // A second pass extends the first from its end.
    await bought(holder.browser, '420', 1);
    const day = (await items(holder.browser)).items.find((i) => i.prodName === '420')!;
    const extended = await json<ItemUseResponse>(await holder.browser.json(`/api/my/item/${day.itemId}/use`, {}));
    expect(extended.passUntil).toBe(ok.passUntil! + 86_400_000);
  });

  it("refuses an item you don't have, someone else's, an unknown one, LEX without a message, bad content or font, and changes nothing", async () => {
    const sender = await buyer();
    const other = await buyer();
    const channel = await liveChannel({ ownerId: other.id });
    await bought(sender.browser, '100', 1);
    await bought(other.browser, '600', 1);
    const othersRow = (await items(other.browser)).items[0]!;
    const lexRow = (await items(sender.browser)).items[0]!;
    const before = await snapshot(sender.browser);
    const lex = (prodName: string, body: Record<string, unknown>) => sender.browser.json(`/api/my/useItems/${prodName}`, { content: 'hi', channelId: channel.id, fontStyle: 'basic', ...body });
    await expectRefused(await lex('999', {}), 404);
    await expectRefused(await lex('600', {}), 400);
    await expectRefused(await lex('100', { fontStyle: 'comic' }), 400);
    await expectRefused(await lex('100', { content: '   ' }), 400);
    await expectRefused(await lex('100', { content: 'x'.repeat(201) }), 400);
    await expectRefused(await lex('100', { channelId: 987_654_321 }), 404);
    await expectRefused(await sender.browser.json(`/api/my/item/${othersRow.itemId}/use`, {}), 404);
    await expectRefused(await sender.browser.json(`/api/my/item/${lexRow.itemId}/use`, {}), 400);
    await expectRefused(await sender.browser.json('/api/my/item/all-item/used', { prodName: 'LEX' }), 404);
    expect(await snapshot(sender.browser)).toEqual(before);
    // With none left, a use is refused in the member's language.
    const empty = await signedIn();
    const messages: Record<string, string> = {};
    for (const [lang, locale] of Object.entries({ ko, en, zh, ja, th })) {
      const res = await empty.browser.json('/api/my/useItems/100', { content: 'hi', channelId: channel.id, fontStyle: 'basic' }, 'POST', { headers: { 'accept-language': lang } });
      await expectRefused(res, 409, locale.items.errors.notHeld);
      messages[lang] = locale.items.errors.notHeld;
    }
    expect(new Set(Object.values(messages)).size).toBe(5);
    await expectLedgerHolds();
  });

  it('answers members only', async () => {
    expect((await (await signedIn()).browser.fetch('/api/my/items')).status).toBe(200);
    await expectRefused(await new Browser().fetch('/api/my/items'), 401);
    await expectRefused(await new Browser().fetch('/api/luv/items-sum'), 401);
  });
});
