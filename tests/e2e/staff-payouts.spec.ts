// The staff payouts page (/staff/payouts; docs/product/money.md, "Creator payouts"): a creator whose earnings
// are real gifts asks to withdraw in the studio; an operator approves it on the page, then pays it from the
// keyboard after a confirmation that states the net amount and the bank account; the studio shows it paid.
// A rejection gives the luv back to the creator's earnings, and a change the state no longer allows (the
// creator cancelled meanwhile) shows the API's refusal in Korean. Guests sign in first, members who are not
// staff get 403, and the two staff pages link to each other. Members, channel and live are this file's own.
import type { Browser, Page } from '@playwright/test';
import { payoutQuote } from '../../src/shared/payout-rules';
import {
  PASSWORD,
  addChannel,
  addMembers,
  d1,
  sql,
  expect,
  expectNoSeriousA11yViolations,
  giveEarnings,
  gotoHydrated,
  ko,
  pageCall,
  person,
  reauth,
  removeTestLives,
  test,
  fill,
  url,
  verifyIdentity,
} from './fixtures';

const CURRENCY = ko.currency.bell; // the flex brand names luv 'bell'
const n = (x: number) => x.toLocaleString('ko-KR');
const won = (krw: number) => fill(ko.payout.quote.krw, { amount: n(krw) });
const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `spc${suffix}`, nickname: `정산크리${suffix}` };
const VIEWER = { loginId: `spv${suffix}`, nickname: `정산팬${suffix}` };
const STAFF = { loginId: `spo${suffix}`, nickname: `정산담당${suffix}` };
const TITLE = `e2e-staff-payouts ${suffix}`;
const ACCOUNT = { bank_code: '088', bank_account: '110-987-654321', bank_holder_name: '박정산' };
const BANK_TEXT = fill(ko.payouts.staff.account, { bank: ko.payout.banks['088'], number: ACCOUNT.bank_account, holder: ACCOUNT.bank_holder_name });

test.beforeAll(async () => {
  await addMembers(CREATOR, VIEWER, STAFF);
  await verifyIdentity(CREATOR.loginId, ACCOUNT.bank_holder_name);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await addChannel(CREATOR.loginId, TITLE, { live: true });
});

test.afterAll(() => removeTestLives(TITLE));

/** The creator with a bank account registered after the password was asked again; `before` the studio. */
const withBankAccount = async (page: Page) => {
  await reauth(page);
  expect((await pageCall(page, 'PUT', '/api/my/bank-account', ACCOUNT)).status).toBe(200);
};

/** The creator in the studio (/caster), with a bank account, after `before` (API calls the studio then shows). */
async function creatorInStudio(browser: Browser, before?: (page: Page) => Promise<void>) {
  return person(browser, CREATOR.loginId, '/caster?section=money', {
    before: async (page) => {
      await withBankAccount(page);
      await before?.(page);
    },
  });
}

/** The operator, signed in but on no page yet: their wallet gives the creator real earnings. */
async function staffGiving(browser: Browser, luv: number) {
  const staff = await person(browser, STAFF.loginId, null);
  await giveEarnings(staff.page, CREATOR.loginId, luv, `e2e-staffpay-${suffix}`);
  return staff;
}

const panel = (page: Page) => page.getByRole('region', { name: ko.payout.title });
const earningsLine = (luv: number) => fill(ko.payout.earnings, { amount: n(luv), currency: CURRENCY });
const studioRow = (page: Page, luv: number) =>
  panel(page)
    .locator('li.payout-row')
    .filter({ hasText: fill(ko.payout.list.amount, { amount: n(luv), currency: CURRENCY, net: n(payoutQuote(luv).netKrw) }) })
    .first();
const newestWithdrawal = async (page: Page) => (await pageCall<{ items: { withdrawId: number }[] }>(page, 'GET', '/api/luv/withdraw-list')).body.items[0]!.withdrawId;

const staffRow = (page: Page, id: number) => page.locator(`tr[data-withdraw-id="${id}"]`);
const actionButton = (page: Page, id: number, action: 'approve' | 'pay' | 'reject') =>
  staffRow(page, id).getByRole('button', { name: fill(ko.payouts.staff.actionLabel, { action: ko.payouts.staff.actions[action], id, nickname: CREATOR.nickname }) });
/** A link of the status filter ("승인 (3)"). */
const filterLink = (page: Page, status: 'requested' | 'approved' | 'paid' | 'rejected' | 'cancelled') =>
  page.getByRole('navigation', { name: ko.payouts.staff.filter }).getByRole('link', { name: new RegExp(`^${ko.payout.status[status]} \\(`) });
const doneLine = (page: Page) => page.locator('p.staff-done[role=status]');

test('a creator’s request is approved, then paid from the keyboard after a confirmation of net and bank; the studio shows it paid', async ({ browser }) => {
  const staff = await staffGiving(browser, 500);
  const creator = await creatorInStudio(browser);
  await expect(panel(creator.page).getByTestId('payout-earnings')).toHaveText(earningsLine(500));
  // The creator asks for 200 in the studio.
  const quote = payoutQuote(200);
  await panel(creator.page)
    .getByLabel(fill(ko.payout.request.amount, { currency: CURRENCY }))
    .fill('200');
  await panel(creator.page).getByRole('button', { name: ko.payout.request.review }).click();
  await creator.page.locator('#payout-request-reauth-password').fill(PASSWORD);
  await panel(creator.page).getByRole('button', { name: ko.payout.request.confirm }).click();
  await expect(studioRow(creator.page, 200)).toContainText(ko.payout.status.requested);
  await expect(panel(creator.page).getByTestId('payout-earnings')).toHaveText(earningsLine(300));
  const id = await newestWithdrawal(creator.page);

  // The operator's queue (requested, the default): the row with its creator, figures and bank account.
  const { page } = staff;
  await gotoHydrated(page, url('flex', '/staff/payouts'));
  await expect(page.getByRole('heading', { level: 1, name: ko.payouts.staff.title })).toBeVisible();
  await expect(filterLink(page, 'requested')).toHaveAttribute('aria-current', 'page');
  const row = staffRow(page, id);
  for (const text of [CREATOR.nickname, `@${CREATOR.loginId}`, n(200), won(quote.feeKrw), won(quote.withholdingKrw), won(quote.netKrw), BANK_TEXT, ko.payout.status.requested]) {
    await expect(row).toContainText(text);
  }
  await expect(row.getByRole('button')).toHaveCount(2); // approve, reject: paying waits for the approval
  await expectNoSeriousA11yViolations(page);

  await actionButton(page, id, 'approve').click();
  await expect(doneLine(page)).toHaveText(fill(ko.payouts.staff.done.approved, { id }));
  await expect(row).toHaveCount(0); // the queue reloaded: it is no longer a request

  // The approved ones: pay it, from the keyboard. The confirmation says what goes where; focus starts on cancel.
  await filterLink(page, 'approved').click();
  await expect(filterLink(page, 'approved')).toHaveAttribute('aria-current', 'page');
  await expect(row).toContainText(ko.payout.status.approved);
  await actionButton(page, id, 'pay').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: ko.payouts.staff.confirm.pay.title });
  await expect(dialog).toContainText(won(quote.netKrw));
  await expect(dialog).toContainText(BANK_TEXT);
  await expect(dialog.getByRole('button', { name: ko.common.cancel })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: ko.payouts.staff.confirm.pay.button })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(doneLine(page)).toHaveText(fill(ko.payouts.staff.done.paid, { id }));
  await expect(row).toHaveCount(0);
  await filterLink(page, 'paid').click();
  await expect(row).toContainText(ko.payout.status.paid);
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(staff.errors).toEqual([]);
  await staff.context.close();

  // The creator's list shows it paid; the 300 left are still earnings, nothing pending.
  await creator.page.reload();
  await expect(studioRow(creator.page, 200)).toContainText(ko.payout.status.paid);
  await expect(panel(creator.page).getByTestId('payout-earnings')).toHaveText(earningsLine(300));
  await expect(panel(creator.page).getByTestId('payout-pending')).toHaveText(fill(ko.payout.pending, { amount: 0, currency: CURRENCY }));
  expect(creator.errors).toEqual([]);
  await creator.context.close();
});

test('a rejection returns the luv to the creator’s earnings; a change the state no longer allows shows the API’s refusal in Korean', async ({ browser }) => {
  const staff = await staffGiving(browser, 400);
  let before = 0;
  let rejected = 0;
  let stale = 0;
  // Two requests through the API, before the studio opens.
  const creator = await creatorInStudio(browser, async (page) => {
    before = Number((await pageCall<{ earnings: number }>(page, 'GET', '/api/luv/withdraw-list')).body.earnings);
    expect(before).toBeGreaterThanOrEqual(400);
    const request = async (luv: number, key: string) => {
      await reauth(page); // a proof counts for minutes: a slow run must not outlive it
      expect((await pageCall(page, 'POST', '/api/luv/withdraw', { amount: luv, idempotencyKey: `e2e-sp-${key}-${suffix}` })).status).toBe(200);
      return newestWithdrawal(page);
    };
    rejected = await request(150, 'reject');
    stale = await request(120, 'stale');
  });
  await expect(panel(creator.page).getByTestId('payout-earnings')).toHaveText(earningsLine(before - 270));

  const { page } = staff;
  await gotoHydrated(page, url('flex', '/staff/payouts'));
  // Reject: the confirmation says the luv goes back; focus starts on cancel, the safe choice.
  await actionButton(page, rejected, 'reject').click();
  const dialog = page.getByRole('dialog', { name: ko.payouts.staff.confirm.reject.title });
  await expect(dialog).toContainText(`${n(150)} ${CURRENCY}`);
  await expect(dialog.getByRole('button', { name: ko.common.cancel })).toBeFocused();
  await dialog.getByRole('button', { name: ko.payouts.staff.confirm.reject.button }).click();
  await expect(doneLine(page)).toHaveText(fill(ko.payouts.staff.done.rejected, { id: rejected, currency: CURRENCY }));
  await expect(staffRow(page, rejected)).toHaveCount(0);

  // The creator cancels the other one while the operator's page still offers to approve it: the API refuses,
  // the page says why in Korean and shows the list as it now is.
  await expect(staffRow(page, stale)).toContainText(ko.payout.status.requested);
  expect((await pageCall(creator.page, 'GET', `/api/luv/withdraw-cancel?withdrawId=${stale}`)).status).toBe(200);
  await actionButton(page, stale, 'approve').click();
  await expect(page.getByRole('alert')).toHaveText(ko.payout.errors.wrongState);
  await expect(staffRow(page, stale)).toHaveCount(0);
  await filterLink(page, 'cancelled').click();
  await expect(staffRow(page, stale)).toContainText(ko.payout.status.cancelled);
  await filterLink(page, 'rejected').click();
  await expect(staffRow(page, rejected)).toContainText(ko.payout.status.rejected);
  await expectNoSeriousA11yViolations(page);
  expect(staff.errors).toEqual([]);
  await staff.context.close();

  // Both amounts are earnings again, on the creator's page.
  await creator.page.reload();
  await expect(panel(creator.page).getByTestId('payout-earnings')).toHaveText(earningsLine(before));
  await expect(studioRow(creator.page, 150)).toContainText(ko.payout.status.rejected);
  expect(creator.errors).toEqual([]);
  await creator.context.close();
});

test('guests sign in first, members who are not staff get 403, and the staff pages link to each other', async ({ browser }) => {
  const guest = await person(browser, null, '/staff/payouts');
  expect(new URL(guest.page.url()).pathname).toBe('/signin');
  await guest.context.close();

  const member = await person(browser, VIEWER.loginId, null);
  expect((await member.page.goto(url('flex', '/staff/payouts')))?.status()).toBe(403);
  await expect(member.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(member.page.getByText(ko.payouts.staff.only)).toBeVisible();
  await expect(member.page.locator('table')).toHaveCount(0);
  await member.context.close();

  const staff = await person(browser, STAFF.loginId, '/staff/cs');
  const nav = staff.page.getByRole('navigation', { name: ko.payouts.staff.nav.label });
  await expect(nav.getByRole('link', { name: ko.payouts.staff.nav.cs })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: ko.payouts.staff.nav.payouts }).click();
  await expect(staff.page).toHaveURL(/\/staff\/payouts$/);
  await expect(staff.page.getByRole('heading', { level: 1, name: ko.payouts.staff.title })).toBeVisible();
  await expect(nav.getByRole('link', { name: ko.payouts.staff.nav.payouts })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: ko.payouts.staff.nav.cs }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: ko.cs.staff.title })).toBeVisible();
  expect(staff.errors).toEqual([]);
  await staff.context.close();
});

test('the list comes 20 a page, newest first, with links to the next and previous pages', async ({ browser }) => {
  const staff = await staffGiving(browser, 2_100);
  // The creator's requests, through the API: no page of theirs is needed.
  const creator = await person(browser, CREATOR.loginId, null, { before: withBankAccount });
  const made: number[] = [];
  for (let i = 0; i < 21; i++) {
    if (i % 10 === 0) await reauth(creator.page); // a proof counts for minutes: a slow run must not outlive it
    expect((await pageCall(creator.page, 'POST', '/api/luv/withdraw', { amount: 100, idempotencyKey: `e2e-sp-page-${i}-${suffix}` })).status).toBe(200);
    made.push(await newestWithdrawal(creator.page));
  }
  await creator.context.close();

  const { page } = staff;
  await gotoHydrated(page, url('flex', '/staff/payouts'));
  const ids = async () => (await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-withdraw-id'))))) as number[];
  await expect(page.locator('tbody tr')).toHaveCount(20);
  const first = await ids();
  expect(first).toEqual([...first].sort((a, b) => b - a));
  expect(first).toContain(made[20]);
  expect(first).not.toContain(made[0]); // 20 newer ones of this creator come before it
  await expect(page.locator('caption')).toContainText('1–20');
  await expect(page.getByRole('link', { name: ko.payouts.staff.previous })).toHaveCount(0);

  await page.getByRole('navigation', { name: ko.payouts.staff.paging }).getByRole('link', { name: ko.payouts.staff.next }).click();
  await expect(page).toHaveURL(/[?&]offset=20/);
  await expect(page.locator('caption')).toContainText('21–');
  const second = await ids();
  expect(Math.max(...second)).toBeLessThan(Math.min(...first));
  await expect(staffRow(page, made[0]!)).toContainText(ko.payout.status.requested);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: ko.payouts.staff.previous }).click();
  await expect(page.locator('caption')).toContainText('1–20');
  expect(staff.errors).toEqual([]);
  await staff.context.close();
});
