// Subscribing on a live channel: a member whose wallet a coupon filled subscribes through the
// channel page's dialog (plans priced in the brand's currency); their next chat message carries the
// subscriber badge, and another viewer, in a browser of their own, sees it. The badge comes from the
// server (the chat ticket), not from the page. The channel, its creator and the live are this file's own.
import type { Page } from '@playwright/test';
import { addChannel, addMembers, endLive, expect, expectNoSeriousA11yViolations, ko, person, test, fill, mintCoupon } from './fixtures';

const CURRENCY = ko.currency.bell; // the flex brand names luv 'bell'
const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `subc${suffix}`, nickname: `구독방${suffix}` };
const MEMBER = { loginId: `subm${suffix}`, nickname: `구독자${suffix}` };
const CARD_MEMBER = { loginId: `subk${suffix}`, nickname: `카드구독${suffix}` };
const TITLE = `e2e-subs ${suffix}`;
const PATH = `/channel/${CREATOR.loginId}`;

test.beforeAll(async () => {
  await addMembers(CREATOR, MEMBER, CARD_MEMBER);
  await addChannel(CREATOR.loginId, TITLE, { live: true });
});

test.afterAll(() => endLive(TITLE));

/** A write from inside the page, as the page's own code makes it (cookies, the XSRF header). */
function post<T>(page: Page, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const res = await fetch(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    { path, body },
  ) as Promise<{ status: number; body: T }>;
}

const panel = (page: Page) => page.getByRole('region', { name: ko.chat.title });
const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
const input = (page: Page) => page.getByLabel(ko.chat.inputLabel);
const joined = (page: Page) => expect(panel(page).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
async function say(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}
/** The log line of a message, found by its text. */
const lineOf = (page: Page, text: string) => log(page).locator('li.chat-message').filter({ hasText: text }).last();

test('a member subscribes on a live channel and the subscriber badge shows on their chat message for another viewer', async ({ browser }) => {
  const a = await person(browser, MEMBER.loginId, PATH);
  const code = await mintCoupon(100);
  expect((await post<{ balance: number }>(a.page, '/api/shoppings/useCoupon', { couponNumber: code })).status).toBe(200);
  const b = await person(browser, 'demo_minor', PATH);
  await joined(a.page);
  await joined(b.page);

  // Before subscribing: no badge on A's message.
  const before = `구독 전 ${suffix}`;
  await say(a.page, before);
  await expect(lineOf(b.page, before)).toBeVisible();
  await expect(lineOf(b.page, before).getByText(ko.subscriptions.badge, { exact: true })).toHaveCount(0);

  // The dialog, by keyboard: open, pick the 1-month plan, pay.
  const open = a.page.getByRole('button', { name: ko.subscriptions.button, exact: true });
  await open.focus();
  await a.page.keyboard.press('Enter');
  const dialog = a.page.getByRole('dialog', { name: fill(ko.subscriptions.dialogTitle, { channel: TITLE }) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(fill(ko.subscriptions.price, { amount: 30, currency: CURRENCY }));
  await expect(dialog).toContainText(fill(ko.subscriptions.price, { amount: 90, currency: CURRENCY }));
  await expectNoSeriousA11yViolations(a.page);
  await dialog.getByRole('radio', { name: new RegExp(`^${ko.subscriptions.plans.month1} —`) }).check();
  await dialog.getByRole('button', { name: new RegExp(ko.subscriptions.confirm) }).click();
  await expect(dialog.getByRole('status')).toHaveText(ko.subscriptions.done);
  await dialog.getByRole('button', { name: ko.subscriptions.cancel }).click();
  await expect(a.page.getByText(ko.channel.subscribed, { exact: true })).toBeVisible();

  // The chat joined again with a ticket that knows; B sees the badge on A's new message.
  await joined(a.page);
  const after = `구독 후 ${suffix}`;
  await say(a.page, after);
  await expect(lineOf(b.page, after).getByText(ko.subscriptions.badge, { exact: true })).toBeVisible();
  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('a member subscribes by card: the dialog sends them through the checkout and the result page says until when', async ({ browser }) => {
  const a = await person(browser, CARD_MEMBER.loginId, PATH);
  await a.page.getByRole('button', { name: ko.subscriptions.button, exact: true }).click();
  const dialog = a.page.getByRole('dialog', { name: fill(ko.subscriptions.dialogTitle, { channel: TITLE }) });
  await dialog.getByRole('radio', { name: new RegExp(`^${ko.subscriptions.plans.month1} —`) }).check();
  await dialog.getByRole('radio', { name: new RegExp(fill(ko.subscriptions.payCard, { price: '.+' })) }).check();
  await expect(dialog.getByLabel(ko.subscriptions.method)).toBeVisible();
  await expect(dialog).toContainText(ko.subscriptions.cardTerms);
  await expectNoSeriousA11yViolations(a.page);
  await Promise.all([a.page.waitForURL(/\/__pg\/checkout/), dialog.getByRole('button', { name: new RegExp(fill(ko.subscriptions.toCheckout, { price: '.+' })) }).click()]);
  await expect(a.page.getByText('3,300')).toBeVisible();
  await Promise.all([a.page.waitForURL(/\/luv\/shop\/success/), a.page.getByRole('button', { name: ko.pg.choice.approve }).click()]);
  await expect(a.page.locator('.result-box')).toContainText(fill(ko.shop.success.subscribed, { date: '' }).trim().slice(-8));
  await a.page.goto(new URL(PATH, a.page.url()).href);
  await expect(a.page.getByText(ko.channel.subscribed, { exact: true })).toBeVisible();
  expect(a.errors).toEqual([]);
  await a.context.close();
});
