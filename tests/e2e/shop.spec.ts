import type { Page } from '@playwright/test';
import { d1, expect, expectNoSeriousA11yViolations, ko, signIn, test, url } from './fixtures';

const PASSWORD = 'demo-pass-1234';
const BELL = ko.currency.bell;

/** A member who never bought anything: demo_viewer's password, a fresh login ID and wallet. */
function newMember(): string {
  const suffix = Date.now().toString(36).slice(-6);
  const loginId = `shop${suffix}`;
  d1(`INSERT INTO members (login_id, nickname, password_hash) SELECT '${loginId}', 'sh${suffix}', password_hash FROM members WHERE login_id = 'demo_viewer'`);
  return loginId;
}

const balanceLink = (page: Page) => page.locator('.site-header .wallet-link');

test('guests asking for the wallet, the shop or payment history go to sign-in and come back', async ({ page }) => {
  for (const path of ['/luv', '/luv/shop', '/luv/payments']) {
    await page.goto(url('flex', path));
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/signin?callbackURL=${encodeURIComponent(path)}`);
  }
});

test('the wallet: balance in the header and on the page, gift tabs by keyboard, a coupon refused in Korean', async ({ page, consoleErrors }) => {
  const loginId = newMember();
  await signIn(page, loginId, PASSWORD, '/luv');
  await expect(page.getByRole('heading', { level: 1, name: ko.wallet.title })).toBeVisible();
  await expect(page.locator('.wallet-figure')).toHaveText(`0 ${BELL}`);
  await expect(balanceLink(page)).toHaveText(`0 ${BELL}`);

  const sent = page.getByRole('tab', { name: ko.wallet.sent });
  await expect(sent).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(ko.wallet.sentEmpty);
  await sent.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: ko.wallet.received })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText(ko.wallet.receivedEmpty);

  const coupon = page.getByLabel(ko.wallet.coupon.label);
  await coupon.press('Enter');
  await expect(page.locator('#coupon-result')).toHaveText(ko.wallet.coupon.empty);
  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});
