// Creator payouts: a creator whose earnings are real gifts (a viewer's coupon luv, sent to the
// live channel) registers a bank account in the studio, asks to withdraw, sees the fee, the 3.3%
// withholding and the net before confirming, sees the request, cancels it and has the earnings back. Then
// an operator approves and pays a second request with `npm run ops -- payout`, and the studio shows it paid.
// Last, the subscription leftover: a member cancels the renewal of a monthly subscription from their list.
// Members, channel and live are this file's own.
import type { Page } from '@playwright/test';
import { payoutQuote } from '../../src/shared/payout-rules';
import {
  PASSWORD,
  PORT,
  addChannel,
  addMembers,
  d1,
  sql,
  expect,
  expectNoSeriousA11yViolations,
  giveEarnings,
  ko,
  ops,
  pageCall,
  person,
  reauth,
  removeTestLives,
  test,
  fill,
  verifyIdentity,
  mintCoupon,
} from './fixtures';

const CURRENCY = ko.currency.bell; // the flex brand names luv 'bell'
const won = (n: number) => fill(ko.payout.quote.krw, { amount: n.toLocaleString('ko-KR') });
const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `payc${suffix}`, nickname: `정산방${suffix}` };
const VIEWER = { loginId: `payv${suffix}`, nickname: `후원자${suffix}` };
const STAFF = { loginId: `payo${suffix}`, nickname: `운영자${suffix}` };
const TITLE = `e2e-payout ${suffix}`;

test.beforeAll(async () => {
  await addMembers(CREATOR, VIEWER, STAFF);
  await verifyIdentity(CREATOR.loginId, '김정산');
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await addChannel(CREATOR.loginId, TITLE, { live: true });
});

test.afterAll(() => removeTestLives(TITLE));

const panel = (page: Page) => page.getByRole('region', { name: ko.payout.title });
const earningsLine = (luv: number) => fill(ko.payout.earnings, { amount: luv.toLocaleString('ko-KR'), currency: CURRENCY });
const pendingLine = (luv: number) => fill(ko.payout.pending, { amount: luv.toLocaleString('ko-KR'), currency: CURRENCY });
const rowOf = (page: Page, luv: number) =>
  panel(page)
    .locator('li.payout-row')
    .filter({ hasText: fill(ko.payout.list.amount, { amount: luv.toLocaleString('ko-KR'), currency: CURRENCY, net: payoutQuote(luv).netKrw.toLocaleString('ko-KR') }) })
    .first();

test('a creator with earnings requests a payout, sees the withholding and net, confirms, sees it requested, cancels it and has the earnings back', async ({ browser }) => {
  const viewer = await person(browser, VIEWER.loginId, null);
  await giveEarnings(viewer.page, CREATOR.loginId, 300, `e2e-payout-${suffix}`);
  await viewer.context.close();
  const creator = await person(browser, CREATOR.loginId, '/caster?section=money');
  const page = creator.page;
  await expect(panel(page).getByTestId('payout-earnings')).toHaveText(earningsLine(300));

  // No bank account yet: the panel says so, and a request is refused in words.
  await expect(panel(page).getByText(ko.payout.account.none).first()).toBeVisible();
  await panel(page).getByLabel(ko.payout.account.bank).selectOption({ label: ko.payout.banks['088'] });
  await panel(page).getByLabel(ko.payout.account.number).fill('110-123-456789');
  await panel(page).getByLabel(ko.payout.account.holder).fill('김정산');
  // The account changes only with the member's password, asked again in the form.
  await page.locator('#payout-account-reauth-password').fill(PASSWORD);
  await panel(page).getByRole('button', { name: ko.payout.account.save }).click();
  await expect(panel(page).getByText(fill(ko.payout.account.registered, { bank: ko.payout.banks['088'], number: '110-123-456789', holder: '김정산' }))).toBeVisible();

  // Below the minimum is refused before anything is sent.
  const amount = panel(page).getByLabel(fill(ko.payout.request.amount, { currency: CURRENCY }));
  await amount.fill('50');
  await amount.press('Enter');
  await expect(
    panel(page)
      .getByRole('alert')
      .filter({ hasText: fill(ko.payout.errors.amount, { min: 100 }) }),
  ).toBeVisible();

  // 200 luv: the figures before confirming.
  const quote = payoutQuote(200);
  expect(quote).toMatchObject({ grossKrw: 20_000, feeKrw: 4_000, withholdingKrw: 520, netKrw: 15_480 });
  await amount.fill('200');
  await panel(page).getByRole('button', { name: ko.payout.request.review }).click();
  const review = panel(page).getByRole('form', { name: ko.payout.request.confirmTitle });
  await expect(review.getByTestId('payout-withholding')).toHaveText(`−${won(quote.withholdingKrw)}`);
  await expect(review.getByTestId('payout-net')).toHaveText(won(quote.netKrw));
  await expect(review).toContainText(won(quote.grossKrw));
  await expect(review).toContainText(`−${won(quote.feeKrw)}`);
  // The password comes first on the review; Enter in it confirms.
  const password = review.locator('#payout-request-reauth-password');
  await expect(password).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await password.fill(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(rowOf(page, 200)).toContainText(ko.payout.status.requested);
  await expect(panel(page).getByTestId('payout-earnings')).toHaveText(earningsLine(100));
  await expect(panel(page).getByTestId('payout-pending')).toHaveText(pendingLine(200));

  // Cancel it: the row says cancelled, the earnings are whole again.
  await rowOf(page, 200).getByRole('button', { name: ko.payout.list.cancel }).click();
  await expect(rowOf(page, 200)).toContainText(ko.payout.status.cancelled);
  await expect(rowOf(page, 200).getByRole('button')).toHaveCount(0);
  await expect(panel(page).getByTestId('payout-earnings')).toHaveText(earningsLine(300));
  await expect(panel(page).getByTestId('payout-pending')).toHaveText(pendingLine(0));
  await expectNoSeriousA11yViolations(page);
  expect(creator.errors).toEqual([]);
  await creator.context.close();
});

test('an operator approves and pays a request with npm run ops -- payout; the studio shows it paid', async ({ browser }) => {
  // The request through the API and the operator's script, before the studio opens.
  const creator = await person(browser, CREATOR.loginId, '/caster?section=money', { before: requestPaidByOps });
  const page = creator.page;
  await expect(rowOf(page, 150)).toContainText(ko.payout.status.paid);
  await expect(panel(page).getByTestId('payout-earnings')).toHaveText(earningsLine(150));
  await expect(panel(page).getByTestId('payout-pending')).toHaveText(pendingLine(0));
  expect(creator.errors).toEqual([]);
  await creator.context.close();
});

async function requestPaidByOps(page: Page): Promise<void> {
  await reauth(page);
  const made = await pageCall<{ withdrawal: { withdrawId: number } }>(page, 'POST', '/api/luv/withdraw', { amount: 150, idempotencyKey: `e2e-ops-${suffix}` });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = String(made.body.withdrawal.withdrawId);

  const listed = ops('payout', 'list', 'requested');
  expect(listed).toContain(CREATOR.loginId);
  expect(listed).toContain(CREATOR.nickname);
  process.env.OPS_PASSWORD = PASSWORD;
  // Paying before approving is refused by the Worker, and the script says so.
  expect(() => ops('payout', 'pay', id, '--as', STAFF.loginId, '--port', String(PORT))).toThrow(/WITHDRAWAL_STATE/);
  expect(ops('payout', 'approve', id, '--as', STAFF.loginId, '--port', String(PORT))).toContain('approved');
  expect(ops('payout', 'pay', id, '--as', STAFF.loginId, '--port', String(PORT))).toContain('paid');
  // Not staff: refused.
  expect(() => ops('payout', 'reject', id, '--as', VIEWER.loginId, '--port', String(PORT))).toThrow(/FORBIDDEN/);
}

test('a member cancels the renewal of a monthly subscription from their subscriptions list', async ({ browser }) => {
  // Subscribed through the API (a coupon pays for it), before their list opens.
  let channelId = 0;
  const member = await person(browser, VIEWER.loginId, '/my/subscriptions', {
    before: async (page) => {
      const code = await mintCoupon(30);
      expect((await pageCall(page, 'POST', '/api/shoppings/useCoupon', { couponNumber: code })).status).toBe(200);
      channelId = (await pageCall<{ channelId: number }>(page, 'GET', `/api/channels/channel-find?loginId=${CREATOR.loginId}`)).body.channelId;
      expect((await pageCall(page, 'POST', '/api/my/subscriptions', { channelId, plan: 'monthly', idempotencyKey: `e2e-sub-${suffix}` })).status).toBe(200);
    },
  });
  const row = member.page.locator('li.channel-row').filter({ hasText: CREATOR.nickname });
  await row.getByRole('button', { name: `${ko.subscriptions.cancelRenewal}: ${CREATOR.nickname}` }).click();
  const dialog = member.page.getByRole('dialog', { name: ko.payout.renewal.confirmTitle });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(member.page);
  await dialog.getByRole('button', { name: ko.subscriptions.cancelRenewal }).click();
  await expect(row).toContainText(ko.payout.renewal.runsUntil.split(' · ')[0]!);
  await expect(row.getByRole('button', { name: `${ko.subscriptions.cancelRenewal}: ${CREATOR.nickname}` })).toHaveCount(0);
  // The server agrees: status 5 (renewal cancelled).
  const list = await pageCall<{ items: { channelId: number; status: number }[] }>(member.page, 'GET', '/api/my/subscription-list');
  expect(list.body.items.find((i) => i.channelId === channelId)?.status).toBe(5);
  // Then they unsubscribe (status 2): the row says until when it stays usable, and its button goes.
  await row.getByRole('button', { name: `${ko.subscriptions.manage.unsubscribe}: ${CREATOR.nickname}` }).click();
  const leave = member.page.getByRole('dialog', { name: ko.subscriptions.manage.unsubscribeTitle });
  await leave.getByRole('button', { name: ko.subscriptions.manage.unsubscribe }).click();
  await expect(row).toContainText(ko.subscriptions.manage.unsubscribedUntil.split(' · ')[0]!);
  await expect(row.getByRole('button', { name: `${ko.subscriptions.manage.unsubscribe}: ${CREATOR.nickname}` })).toHaveCount(0);
  await member.page.screenshot({ path: test.info().outputPath('subscriptions-unsubscribed.png'), fullPage: true });
  expect(member.errors).toEqual([]);
  await member.context.close();
});
