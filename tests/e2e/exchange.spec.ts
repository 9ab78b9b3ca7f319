// The exchange event on the wallet page: ops open an event at x1.1 with a member cap of 300; a member
// who received 500 luv exchanges 100 on /luv and gets 110 to spend (the wallet in the header, the earnings card
// and the remaining cap follow); 250 more is over their cap and refused in their words, nothing moves. The page
// also shows their level and the rankings.
import { d1, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, ops, signIn, test, url, fill, sql } from './fixtures';

const PASSWORD = 'demo-pass-1234';
const bell = (amount: number) => fill(ko.wallet.amount, { amount: amount.toLocaleString('ko-KR'), currency: ko.currency.bell });

/** A new member of this run who received `luv` (one ledger movement written by hand: pg_clearing -> earnings). */
async function memberWithEarnings(luv: number): Promise<string> {
  const loginId = `exch${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 36).toString(36)}`;
  const key = `e2e-earn:${loginId}`;
  await d1(
    sql`INSERT INTO members (login_id, nickname, password_hash) SELECT ${loginId}, ${loginId}, password_hash FROM members WHERE login_id = 'demo_viewer'`,
    sql`INSERT INTO ledger_accounts (kind, owner_id) VALUES ('pg_clearing', NULL) ON CONFLICT DO NOTHING`,
    sql`INSERT INTO ledger_accounts (kind, owner_id) VALUES ('earnings', (SELECT id FROM members WHERE login_id = ${loginId}))`,
    sql`INSERT INTO ledger_movements (idempotency_key, kind, memo) VALUES (${key}, 'purchase', 'e2e exchange')`,
    sql`INSERT INTO ledger_entries (movement_id, account_id, amount) VALUES ((SELECT id FROM ledger_movements WHERE idempotency_key = ${key}), (SELECT id FROM ledger_accounts WHERE kind = 'pg_clearing'), ${-luv})`,
    sql`INSERT INTO ledger_entries (movement_id, account_id, amount)
        VALUES ((SELECT id FROM ledger_movements WHERE idempotency_key = ${key}), (SELECT id FROM ledger_accounts WHERE kind = 'earnings' AND owner_id = (SELECT id FROM members WHERE login_id = ${loginId})), ${luv})`,
    sql`UPDATE ledger_accounts SET balance = balance - ${luv} WHERE kind = 'pg_clearing'`,
    sql`UPDATE ledger_accounts SET balance = balance + ${luv} WHERE kind = 'earnings' AND owner_id = (SELECT id FROM members WHERE login_id = ${loginId})`,
  );
  return loginId;
}

test.afterAll(() => ops('exchange', 'off'));

test('a member exchanges received luv on /luv at the event rate, within their cap', async ({ page, consoleErrors }) => {
  ops('exchange', 'set', '--id', `e2e-${Date.now()}`, '--start', 'now', '--end', '+1h', '--rate', '1.1', '--member-cap', '300', '--total-cap', '100000');
  const loginId = await memberWithEarnings(500);
  await signIn(page, loginId, PASSWORD, '/luv');

  const event = page.getByRole('region', { name: ko.exchange.title });
  await expect(event.getByTestId('exchange-rate')).toHaveText(fill(ko.exchange.rateValue, { from: bell(100), to: bell(110) }));
  await expect(event.getByTestId('exchange-remaining')).toHaveText(fill(ko.exchange.ofCap, { amount: bell(300), cap: bell(300) }));
  await expect(event.getByTestId('exchange-total-left')).toContainText(bell(100_000));
  await expect(page.getByTestId('earnings-balance')).toHaveText(bell(500));
  await expect(page.getByTestId('member-level')).toContainText(fill(ko.exchange.level.value, { level: 1 }));
  await expect(page.getByTestId('rankings')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 100 received -> 110 to spend, typed and sent with the keyboard.
  const amount = event.getByLabel(ko.exchange.amountLabel);
  await amount.fill('100');
  await expect(event.locator('#exchange-preview')).toHaveText(fill(ko.exchange.preview, { credited: bell(110) }));
  await amount.press('Enter');
  await expect(event.getByRole('status')).toHaveText(fill(ko.exchange.done, { amount: bell(100), credited: bell(110) }));
  await expect(event.getByTestId('exchange-remaining')).toHaveText(fill(ko.exchange.ofCap, { amount: bell(200), cap: bell(300) }));
  await expect(page.getByTestId('earnings-balance')).toHaveText(bell(400));
  await expect(page.getByRole('banner').getByText(bell(110))).toBeVisible();

  // Over the cap: refused in Korean, nothing moves.
  await amount.fill('250');
  await event.getByRole('button', { name: ko.exchange.apply }).click();
  await expect(event.getByRole('status')).toHaveText(ko.exchange.errors.memberCap);
  await expect(event.getByTestId('exchange-remaining')).toHaveText(fill(ko.exchange.ofCap, { amount: bell(200), cap: bell(300) }));
  await expect(page.getByTestId('earnings-balance')).toHaveText(bell(400));

  // After a reload the server says the same.
  await gotoHydrated(page, url('flex', '/luv'));
  await expect(page.getByTestId('earnings-balance')).toHaveText(bell(400));
  await expect(page.getByRole('region', { name: ko.exchange.title }).getByTestId('exchange-remaining')).toHaveText(fill(ko.exchange.ofCap, { amount: bell(200), cap: bell(300) }));
  await expectNoSeriousA11yViolations(page);
  // The refused apply's 409 is logged by the browser itself ("Failed to load resource"); the page's own code logs nothing.
  expect(consoleErrors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  expect(consoleErrors.filter((e) => e.includes('409'))).toHaveLength(1);
});
