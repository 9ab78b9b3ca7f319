import type { Page } from '@playwright/test';
import type { ShopResponse } from '../../src/shared/shop-schemas';
import { d1, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, signIn, test, url, fill, mintCoupon, sql } from './fixtures';

const PASSWORD = 'demo-pass-1234';
const BELL = ko.currency.bell;

/** A member who never bought anything: demo_viewer's password, a fresh login ID and wallet. */
async function newMember(): Promise<string> {
  const suffix = Date.now().toString(36).slice(-6);
  const loginId = `shop${suffix}`;
  await d1(sql`INSERT INTO members (login_id, nickname, password_hash) SELECT ${loginId}, ${`sh${suffix}`}, password_hash FROM members WHERE login_id = 'demo_viewer'`);
  return loginId;
}

/** Console errors of the page's own code: a refused call (a used coupon) also logs the browser's "Failed to load resource". */
const appErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

const balanceLink = (page: Page) => page.locator('.site-header .wallet-link');

test('guests asking for the wallet, the shop or payment history go to sign-in and come back', async ({ page }) => {
  for (const path of ['/luv', '/luv/shop', '/luv/payments']) {
    await page.goto(url('flex', path));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/signin?callbackURL=${encodeURIComponent(path)}`);
  }
});

test('the wallet: balance in the header and on the page, gift tabs by keyboard, a coupon refused in Korean', async ({ page, consoleErrors }) => {
  const loginId = await newMember();
  await signIn(page, loginId, PASSWORD, '/luv');
  await expect(page.getByRole('heading', { level: 1, name: ko.wallet.title })).toBeVisible();
  await expect(page.locator('.wallet-figure:not(.level-figure)')).toHaveText(`0 ${BELL}`);
  await expect(balanceLink(page)).toHaveText(`0 ${BELL}`);

  const sent = page.getByRole('tab', { name: ko.wallet.sent });
  await expect(sent).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: ko.wallet.sent })).toContainText(ko.wallet.sentEmpty);
  await sent.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: ko.wallet.received })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: ko.wallet.received })).toContainText(ko.wallet.receivedEmpty);

  const coupon = page.getByLabel(ko.wallet.coupon.label);
  const result = page.locator('#coupon-result');
  await coupon.press('Enter');
  await expect(result).toHaveText(ko.wallet.coupon.empty);
  await coupon.fill('NOPE-NOPE-NOPE');
  await coupon.press('Enter');
  await expect(result).toHaveText(ko.coupon.errors.notFound);

  // A code minted as an operator does: its luv lands in the wallet and the header without a reload.
  const code = await mintCoupon(300);
  await coupon.fill(code);
  await coupon.press('Enter');
  await expect(result).toHaveText(fill(ko.wallet.coupon.done, { amount: '300', currency: BELL }));
  await expect(page.locator('.wallet-figure:not(.level-figure)')).toHaveText(`300 ${BELL}`);
  await expect(balanceLink(page)).toHaveText(`300 ${BELL}`);
  await coupon.fill(code);
  await coupon.press('Enter');
  await expect(result).toHaveText(ko.coupon.errors.alreadyUsed);
  await expect(balanceLink(page)).toHaveText(`300 ${BELL}`);
  await expectNoSeriousA11yViolations(page);
  expect(appErrors(consoleErrors)).toEqual([]);
});

const won = (amount: number) => new Intl.NumberFormat('ko', { style: 'currency', currency: 'KRW' }).format(amount);
const bells = (amount: number) => `${new Intl.NumberFormat('ko').format(amount)} ${BELL}`;

/** From the shop page, as loaded: agree to the terms by keyboard, pay, and land on the dev PG's checkout. */
async function checkout(page: Page): Promise<void> {
  await page.getByRole('button', { name: /결제하기/ }).click();
  const agree = page.getByRole('checkbox', { name: ko.shop.terms.agree });
  await expect(page.getByRole('alert').filter({ hasText: ko.shop.terms.required })).toBeVisible();
  await expect(agree).toBeFocused();
  await page.keyboard.press('Space');
  await expect(agree).toBeChecked();
  await page.getByRole('button', { name: /결제하기/ }).click();
  await page.waitForURL(/\/__pg\/checkout\?/);
}

test('a new member buys a pack through the dev checkout, sees the balance, and refunds it from payment history', async ({ page, consoleErrors }) => {
  const loginId = await newMember();
  await signIn(page, loginId, PASSWORD, '/luv/shop');
  const shop = await page.evaluate(() => fetch('/api/shoppings/luv/packs').then((r) => r.json() as Promise<ShopResponse>));
  const pack = shop.packs[0]!;
  await expect(page.getByRole('radio', { name: new RegExp(`^${bells(pack.luv)} `) })).toBeChecked();
  for (const method of shop.methods) await expect(page.getByRole('radio', { name: ko.shop.methods[method], exact: true })).toBeVisible();
  await expect(page.getByText(ko.shop.terms.refund.replace('{{days}}', '7').replace('{{currency}}', BELL))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await checkout(page);
  await page.getByRole('button', { name: ko.pg.choice.approve }).click();
  await page.waitForURL(/\/luv\/shop\/success\?/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('status').filter({ hasText: fill(ko.shop.success.approved, { amount: bells(pack.luv) }) })).toBeVisible();
  await expect(page.locator('.wallet-figure')).toContainText(bells(pack.luv));
  await expect(balanceLink(page)).toHaveText(bells(pack.luv));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: ko.wallet.history }).click();
  await page.waitForURL(/\/luv\/payments$/);
  const row = page.locator('.payment-row').first();
  await expect(row).toContainText(ko.paymentHistory.status.approved);
  await expect(row).toContainText(won(pack.price));
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: ko.paymentHistory.refund }).click();
  const dialog = page.getByRole('dialog', { name: ko.paymentHistory.refund });
  await expect(dialog).toContainText(bells(pack.luv));
  await expect(dialog).toContainText(won(pack.price));
  await dialog.getByRole('button', { name: ko.paymentHistory.refund }).click();
  await expect(row).toContainText(ko.paymentHistory.status.cancelled);
  await expect(row.getByRole('button', { name: ko.paymentHistory.refund })).toHaveCount(0);
  await expect(balanceLink(page)).toHaveText(bells(0));
  await page.reload();
  await expect(page.locator('.payment-row').first()).toContainText(ko.paymentHistory.status.cancelled);
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('a checkout that fails shows the failure page in Korean, with the way back to the shop', async ({ page, consoleErrors }) => {
  const loginId = await newMember();
  await signIn(page, loginId, PASSWORD, '/luv/shop');
  await checkout(page);
  await page.getByRole('button', { name: ko.pg.choice.fail }).click();
  await page.waitForURL(/\/luv\/shop\/fail\?/);
  await expect(page.getByRole('heading', { level: 1, name: ko.shop.fail.title })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(ko.payments.failure.failed);
  await expect(page.getByRole('alert')).toContainText(ko.paymentHistory.status.approvalError);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: ko.shop.backToShop }).click();
  await page.waitForURL(/\/luv\/shop$/);
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('an amount changed on the way back is refused; a virtual account shows where to deposit, and the wallet what waits', async ({ page, consoleErrors }) => {
  const loginId = await newMember();
  await signIn(page, loginId, PASSWORD, '/luv/shop');
  await checkout(page);
  await page.getByRole('button', { name: ko.pg.choice.wrong }).click();
  await page.waitForURL(/\/luv\/shop\/success\?/);
  await expect(page.locator('.result-box')).toContainText(ko.payments.errors.amountMismatch);
  await expect(balanceLink(page)).toHaveText(bells(0));

  // The dev PG deposits by itself 10 s after the confirm (DEV_PG_DEPOSIT_DELAY_MS): look before then.
  await gotoHydrated(page, url('flex', '/luv/shop'));
  await checkout(page);
  await page.getByRole('button', { name: ko.pg.choice.virtual_account }).click();
  await page.waitForURL(/\/luv\/shop\/success\?/);
  const result = page.locator('.result-box');
  for (const label of [ko.shop.account.bank, ko.shop.account.number, ko.shop.account.holder, ko.shop.account.due]) await expect(result).toContainText(label);
  await gotoHydrated(page, url('flex', '/luv'));
  await expect(page.getByText(/입금 대기 중/)).toBeVisible();
  expect(appErrors(consoleErrors)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('the shop and payment history use the mobile layout and stay accessible', async ({ page }) => {
    const loginId = await newMember();
    await signIn(page, loginId, PASSWORD, '/luv/shop');
    await expect(page.locator('.app-mobile')).toBeVisible();
    await expect(page.getByRole('radio').first()).toBeChecked();
    // A member's header fits the screen: the logo keeps its width and nothing runs past the right edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await page.locator('.brand-logo').boundingBox())?.width).toBeGreaterThan(100);
    await expect(page.getByRole('button', { name: ko.nav.logout })).toBeInViewport({ ratio: 1 });
    await expectNoSeriousA11yViolations(page);
    await gotoHydrated(page, url('flex', '/luv/payments'));
    await expect(page.getByRole('tabpanel')).toContainText(ko.paymentHistory.empty);
    await page.getByRole('tab', { name: ko.paymentHistory.flaxTab }).press('ArrowRight');
    await expect(page.getByRole('tabpanel')).toContainText(ko.paymentHistory.luvEmpty);
    await expectNoSeriousA11yViolations(page);
  });
});
