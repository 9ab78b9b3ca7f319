import type { Page } from '@playwright/test';
import { PASSWORD, addMembers, expect, expectNoSeriousA11yViolations, ko, ops, signInOnHealthz, test, url } from './fixtures';
import { E2E } from '../../scripts/lib/wrangler.mjs';

/** scripts/seed-demo.mjs's password of every demo account. */
const DEMO_PASSWORD = 'demo-pass-1234';

// The dev PG's checkout in Chromium, as the shop will open it: the order made through the API, the checkout
// page used from the keyboard only, the redirect back, then the confirm (the shop page's job) through the API.
// Members sign in through the API and stay on the health check until the checkout: no page of the site before it.

/** A JSON call from the page itself, with its cookies and XSRF token, as the client's API caller sends it. */
async function call<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) };
      const res = await fetch(path, init);
      return { status: res.status, body: await res.json() };
    },
    { path, body },
  ) as Promise<{ status: number; body: T }>;
}

interface Order {
  orderId: string;
  amount: number;
  checkoutUrl: string;
}

async function openCheckout(page: Page, packId: string, method: string): Promise<Order> {
  const created = await call<Order>(page, '/api/shoppings/luv/orders', { packId, method });
  expect(created.status).toBe(200);
  await page.goto(url('flex', created.body.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: ko.pg.title })).toBeVisible();
  await expect(page.getByRole('group', { name: ko.pg.choose })).toBeVisible();
  return created.body;
}

/** Tab to the choice's button and press Enter; resolves on the page the PG sends the browser back to. */
async function chooseByKeyboard(page: Page, label: string): Promise<URL> {
  const button = page.getByRole('button', { name: label });
  for (let i = 0; i < 12 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await Promise.all([page.waitForURL(/\/luv\/shop\/(success|fail)/), page.keyboard.press('Enter')]);
  return new URL(page.url());
}

test('a card payment through the dev checkout, from the keyboard; then a virtual account paid by `npm run ops -- deposit`', async ({ page }) => {
  await signInOnHealthz(page, 'demo_viewer', DEMO_PASSWORD);
  const before = (await call<{ balance: number }>(page, '/api/luv/luv-sum')).body.balance;

  const card = await openCheckout(page, 'luv-100', 'CARD');
  await expect(page.getByText('11,000')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const back = await chooseByKeyboard(page, ko.pg.choice.approve);
  expect(back.searchParams.get('orderId')).toBe(card.orderId);
  expect(back.searchParams.get('amount')).toBe('11000');
  const confirmed = await call<{ payment: { status: number }; balance: number }>(page, '/api/shoppings/luv/confirm', {
    paymentKey: back.searchParams.get('paymentKey'),
    orderId: card.orderId,
    amount: Number(back.searchParams.get('amount')),
  });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.payment.status).toBe(9);
  expect(confirmed.body.balance).toBe(before + 100);

  const va = await openCheckout(page, 'luv-500', 'virtualaccount');
  const vaBack = await chooseByKeyboard(page, ko.pg.choice.virtual_account);
  const waiting = await call<{ payment: { status: number; virtualAccount: { accountNumber: string } | null } }>(page, '/api/shoppings/luv/confirm', {
    paymentKey: vaBack.searchParams.get('paymentKey'),
    orderId: va.orderId,
    amount: 55_000,
  });
  expect(waiting.body.payment.status).toBe(0);
  expect(waiting.body.payment.virtualAccount?.accountNumber).toMatch(/^\d+$/);
  expect((await call<{ luv: number }>(page, '/api/luv/waiting')).body.luv).toBeGreaterThanOrEqual(500);
  expect(ops('deposit', va.orderId, '--port', String(new URL(url('flex')).port))).toContain('"outcome":"9"');
  expect((await call<{ balance: number }>(page, '/api/luv/luv-sum')).body.balance).toBe(before + 600);

  // A failed payment comes back to the fail page with the PG's code.
  await openCheckout(page, 'luv-100', 'CARD');
  const failed = await chooseByKeyboard(page, ko.pg.choice.fail);
  expect(failed.pathname).toBe('/luv/shop/fail');
  expect(failed.searchParams.get('code')).toBe('REJECT_CARD_COMPANY');
});

test('a virtual account left alone is paid by the dev PG itself, DEV_PG_DEPOSIT_DELAY_MS later', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnHealthz(page, 'demo_viewer', DEMO_PASSWORD);
  const before = (await call<{ balance: number }>(page, '/api/luv/luv-sum')).body.balance;
  const va = await openCheckout(page, 'luv-100', 'virtualaccount');
  const back = await chooseByKeyboard(page, ko.pg.choice.virtual_account);
  const confirmedAt = Date.now();
  const waiting = await call<{ payment: { status: number } }>(page, '/api/shoppings/luv/confirm', { paymentKey: back.searchParams.get('paymentKey'), orderId: va.orderId, amount: 11_000 });
  expect(waiting.body.payment.status).toBe(0);
  const delay = E2E.pgDepositDelayMs; // the test server's (scripts/e2e-server.mjs)
  await expect.poll(async () => (await call<{ balance: number }>(page, '/api/luv/luv-sum')).body.balance, { timeout: delay + 15_000, intervals: [1_000] }).toBe(before + 100);
  // Not before the delay: the deposit is the dev PG's, not the confirm's.
  expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(delay - 1_000);
  const list = await call<{ items: { orderId: string; status: number }[] }>(page, '/api/shoppings/flax/payments');
  expect(list.body.items.find((p) => p.orderId === va.orderId)?.status).toBe(9);
});

test('a refund shows at once on every payment it changes, is asked once on a double click, and stays after another period', async ({ page }) => {
  const loginId = `refund${Date.now().toString(36).slice(-6)}`;
  await addMembers({ loginId, nickname: loginId });
  await signInOnHealthz(page, loginId, PASSWORD);
  // Two packs of 100 by card, then 100 spent on an item: each payment alone could give back the 100 left.
  for (let i = 0; i < 2; i++) {
    const card = await openCheckout(page, 'luv-100', 'CARD');
    const back = await chooseByKeyboard(page, ko.pg.choice.approve);
    const confirmed = await call<{ payment: { status: number } }>(page, '/api/shoppings/luv/confirm', { paymentKey: back.searchParams.get('paymentKey'), orderId: card.orderId, amount: 11_000 });
    expect(confirmed.body.payment.status).toBe(9);
  }
  expect((await call<{ balance: number }>(page, '/api/my/items/buy', { prodName: '100', quantity: 1, idempotencyKey: `refund-lex-${loginId}` })).body.balance).toBe(100);

  await page.goto(url('flex', '/luv/payments'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const rows = page.locator('.payment-row');
  const refundButtons = rows.getByRole('button', { name: ko.paymentHistory.refund });
  await expect(refundButtons).toHaveCount(2);
  const cancels: string[] = [];
  page.on('request', (request) => request.url().includes('/payments-cancel') && cancels.push(request.url()));
  await refundButtons.first().click();
  await page.getByRole('dialog', { name: ko.paymentHistory.refund }).getByRole('button', { name: ko.paymentHistory.refund }).dblclick();
  // The refunded payment is cancelled; the other one has nothing left to give back (the wallet is empty now).
  await expect(rows.first()).toContainText(ko.paymentHistory.status.cancelled);
  await expect(refundButtons).toHaveCount(0);
  expect(cancels).toHaveLength(1);
  // Another period and back: the payments as they are now, not as the page was loaded.
  await page.getByLabel(ko.paymentHistory.period).selectOption('30');
  await expect(rows).toHaveCount(2);
  await page.getByLabel(ko.paymentHistory.period).selectOption('90');
  await expect(rows.first()).toContainText(ko.paymentHistory.status.cancelled);
  await expect(refundButtons).toHaveCount(0);
  expect(cancels).toHaveLength(1);
});
