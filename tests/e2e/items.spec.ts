// Items on a live channel: member A, whose wallet a coupon filled, buys a LEX on the wallet page
// (its inventory lists it), then sends a LEX message in the neon style from the chat input; member B, in a
// browser of their own, sees it highlighted in that style; A's LEX is spent and the option goes away.
// The live is a streams row (no video is needed to chat) on a channel of this file's own.
import type { Page } from '@playwright/test';
import { addChannel, addMembers, d1, endLive, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, person, test, url, fill, mintCoupon, sql } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `itmc${suffix}`, nickname: `아이템${suffix}` };
const TITLE = `e2e-items ${suffix}`;
const CHANNEL = { path: `/channel/${CREATOR.loginId}` };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await addMembers(CREATOR);
  await addChannel(CREATOR.loginId, TITLE, { live: true });
  await d1(sql`UPDATE streams SET viewer_count = 2 WHERE title = ${TITLE}`); // two watching, as far as the page knows
});

test.afterAll(() => endLive(TITLE));

/** A new member of this run (the demo members' password), so no other spec's items or wallet are involved. */
async function newMember(prefix: string): Promise<{ loginId: string; nickname: string }> {
  const suffix = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
  const member = { loginId: `${prefix}${suffix}`, nickname: `${prefix}${suffix}` };
  await addMembers(member);
  return member;
}

async function redeem(page: Page, couponNumber: string): Promise<number> {
  return page.evaluate(async (couponNumber) => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length) ?? '',
    );
    const res = await fetch('/api/shoppings/useCoupon', { method: 'POST', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ couponNumber }) });
    return res.status;
  }, couponNumber);
}

const chatJoined = (page: Page) => expect(page.getByRole('region', { name: ko.chat.title }).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();

test('a member buys a LEX on the wallet page and sends it on a live channel; another member sees the highlighted message', async ({ browser }) => {
  const sender = await newMember('lexa');
  const watcher = await newMember('lexb');
  // The wallet's items: none yet (a coupon's luv before it opens); buy one LEX with the keyboard-usable form.
  const a = await person(browser, sender.loginId, '/luv', { before: async (page) => expect(await redeem(page, await mintCoupon(300))).toBe(200) });
  const items = a.page.getByRole('region', { name: ko.items.title });
  await expect(items.getByText(ko.items.empty)).toBeVisible();
  await items.getByLabel(ko.items.buyItem, { exact: true }).selectOption('100');
  await items.getByLabel(ko.items.buyQuantity, { exact: true }).fill('1');
  await items.getByRole('button', { name: ko.items.buy, exact: true }).click();
  await expect(items.getByText(fill(ko.items.bought, { item: ko.items.names['100'], count: 1 }))).toBeVisible();
  await expect(items.locator('li[data-prod="100"]')).toContainText(fill(ko.items.quantity, { count: 1 }));
  await expectNoSeriousA11yViolations(a.page);

  // On air: A sends the LEX in the neon style; B sees it highlighted.
  const b = await person(browser, watcher.loginId, CHANNEL.path);
  await gotoHydrated(a.page, url('flex', CHANNEL.path));
  await chatJoined(a.page);
  await chatJoined(b.page);
  const toggle = a.page.getByRole('checkbox', { name: fill(ko.items.lex.toggle, { count: 1 }) });
  await toggle.check();
  await a.page.getByLabel(ko.items.lex.font).selectOption('neon');
  await expectNoSeriousA11yViolations(a.page);
  const text = `빛나는 메시지 ${sender.loginId}`;
  await a.page.getByLabel(ko.chat.inputLabel).fill(text);
  await a.page.getByLabel(ko.chat.inputLabel).press('Enter');

  const onB = b.page.locator('.chat-lex.chat-lex-neon').filter({ hasText: text });
  await expect(onB).toBeVisible();
  await expect(onB).toContainText(sender.nickname);
  await expect(onB.locator('.chat-lex-badge')).toHaveText(ko.items.lex.badge);
  // The highlight is real styling, not only a class: a background other than the plain lines'.
  expect(await onB.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  // A's LEX is spent: the option is gone and the input is cleared.
  await expect(toggle).toHaveCount(0);
  await expect(a.page.getByLabel(ko.chat.inputLabel)).toHaveValue('');

  for (const who of [a, b]) expect(who.errors).toEqual([]);
  for (const who of [a, b]) await who.context.close();
});

test('a member gives items to another member from the wallet; the receiver holds them, and a wrong ID or too many is refused in Korean', async ({ browser }) => {
  const giver = await newMember('gifa');
  const receiver = await newMember('gifb');
  const a = await person(browser, giver.loginId, '/luv', { before: async (page) => expect(await redeem(page, await mintCoupon(300))).toBe(200) });
  const items = a.page.getByRole('region', { name: ko.items.title });
  await items.getByLabel(ko.items.buyItem, { exact: true }).selectOption('440');
  await items.getByLabel(ko.items.buyQuantity, { exact: true }).fill('2');
  await items.getByRole('button', { name: ko.items.buy, exact: true }).click();
  await expect(items.locator('li[data-prod="440"]')).toContainText(fill(ko.items.quantity, { count: 2 }));

  const form = a.page.getByRole('form', { name: ko.items.giftTitle });
  const result = form.getByRole('status');
  // Nobody by that ID: the API's refusal, in Korean; nothing moved.
  await form.getByLabel(ko.items.giftTo, { exact: true }).fill(`nobody${Date.now()}`);
  await form.getByRole('button', { name: ko.items.gift, exact: true }).click();
  await expect(result).toHaveText(ko.items.errors.memberNotFound);
  // More than held: said before anything is sent.
  await form.getByLabel(ko.items.giftTo, { exact: true }).fill(receiver.loginId);
  await form.getByLabel(ko.items.giftQuantity, { exact: true }).fill('3');
  await form.getByRole('button', { name: ko.items.gift, exact: true }).click();
  await expect(result).toHaveText(fill(ko.items.giftTooMany, { count: 2 }));
  await form.getByLabel(ko.items.giftQuantity, { exact: true }).fill('1');
  await form.getByLabel(ko.items.giftQuantity, { exact: true }).press('Enter');
  await expect(result).toHaveText(fill(ko.items.gifted, { loginId: receiver.loginId, item: fill(ko.items.names.event, { code: 440 }), count: 1 }));
  await expect(items.locator('li[data-prod="440"]')).toContainText(fill(ko.items.quantity, { count: 1 }));
  await expectNoSeriousA11yViolations(a.page);

  const b = await person(browser, receiver.loginId, '/luv');
  await expect(b.page.getByRole('region', { name: ko.items.title }).locator('li[data-prod="440"]')).toContainText(fill(ko.items.quantity, { count: 1 }));

  for (const who of [a, b]) expect(who.errors).toEqual([]);
  for (const who of [a, b]) await who.context.close();
});

test('a full live turns a member away until they use a full-room pass; then it plays', async ({ browser }) => {
  const holder = await newMember('pass');
  await d1(sql`UPDATE channels SET max_viewers = 1 WHERE title = ${TITLE}`); // the test live counts 2 viewers
  try {
    const a = await person(browser, holder.loginId, CHANNEL.path);
    const gate = a.page.getByRole('region', { name: ko.channel.restricted });
    await expect(gate.getByText(ko.channel.full)).toBeVisible();
    await expectNoSeriousA11yViolations(a.page);
    // The gate's way to a pass: the wallet, where a coupon's luv buys one and it is used.
    const code = await mintCoupon(1000);
    expect(await redeem(a.page, code)).toBe(200);
    await gate.getByRole('link', { name: ko.channel.fullPass }).click();
    await a.page.waitForURL('**/luv');
    const items = a.page.getByRole('region', { name: ko.items.title });
    await items.getByLabel(ko.items.buyItem, { exact: true }).selectOption('420');
    await items.getByRole('button', { name: ko.items.buy, exact: true }).click();
    await items.getByRole('button', { name: fill(ko.items.useLabel, { item: ko.items.names['420'] }) }).click();
    await expect(items.getByText(fill(ko.items.used, { item: ko.items.names['420'] }))).toBeVisible();
    await gotoHydrated(a.page, url('flex', CHANNEL.path));
    await expect(a.page.getByRole('region', { name: ko.channel.restricted })).toHaveCount(0);
    await expect(a.page.locator('video')).toHaveCount(1);
    expect(a.errors).toEqual([]);
    await a.context.close();
  } finally {
    await d1(sql`UPDATE channels SET max_viewers = NULL WHERE title = ${TITLE}`);
  }
});
