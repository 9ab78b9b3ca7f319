// The staff console (/staff): linked from the header for staff only; an operator suspends a spammer from the
// report about them with one click, and the spammer's next sign-in shows the 423 message ('차단된 계정입니다.') with the end.
import { execFileSync } from 'node:child_process';
import { PASSWORD, PORT, addMembers, d1, sql, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, person, test, url } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const STAFF = { loginId: `sco${suffix}`, nickname: `콘솔담당${suffix}` };
const SPAMMER = { loginId: `scs${suffix}`, nickname: `광고봇${suffix}` };
const REPORTER = { loginId: `scr${suffix}`, nickname: `신고자${suffix}` };
const QUOTE = `무료 코인 받으세요 ${suffix}`;

test.beforeAll(async () => {
  await addMembers(STAFF, SPAMMER, REPORTER);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await d1(
    sql`INSERT INTO cs_reports (reporter_id, target_type, target_id, target_member_id, reason, content, quote, created_at)
        SELECT r.id, 'chat', 'line-1', s.id, 'spam', '채팅 도배', ${QUOTE}, ${Date.now()} FROM members r, members s WHERE r.login_id = ${REPORTER.loginId} AND s.login_id = ${SPAMMER.loginId}`,
  );
});

test('staff suspend a spammer from the report; the spammer’s next sign-in shows the 423 message', async ({ browser }) => {
  // Members who are not staff have no link to the console.
  const reporter = await person(browser, REPORTER.loginId, '/');
  await expect(reporter.page.locator('.site-header .me')).toBeVisible();
  await expect(reporter.page.getByRole('link', { name: ko.staff.console.nav })).toHaveCount(0);
  await reporter.context.close();

  const staff = await person(browser, STAFF.loginId, '/');
  await staff.page.locator('.site-header').getByRole('link', { name: ko.staff.console.nav }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: ko.staff.console.title })).toBeVisible();
  const report = staff.page.getByRole('listitem').filter({ has: staff.page.getByRole('heading', { name: new RegExp(SPAMMER.loginId) }) });
  await expect(report.getByText(QUOTE)).toBeVisible();
  await expectNoSeriousA11yViolations(staff.page);
  // From the keyboard: the days field, then the suspend button.
  await report.getByLabel(ko.staff.console.days).fill('3');
  await report.getByRole('button', { name: ko.staff.console.kinds.suspend }).focus();
  await staff.page.keyboard.press('Enter');
  await expect(staff.page.getByText(ko.staff.console.done.suspend.replace('{{nickname}}', SPAMMER.nickname))).toBeVisible();
  // The report is handled (out of the open queue) and the action is in the audit log.
  await expect(staff.page.locator('li.staff-report').filter({ hasText: QUOTE })).toHaveCount(0);
  await expect(staff.page.getByRole('region', { name: ko.staff.console.audit.title }).getByRole('row').filter({ hasText: SPAMMER.loginId }).first()).toContainText('member.suspend');
  expect(staff.errors).toEqual([]);
  await staff.context.close();
  // The command line reads the same log through the staff API.
  const printed = execFileSync(process.execPath, ['scripts/ops.mjs', 'audit', '--as', STAFF.loginId, '--port', String(PORT), '--limit', '20'], {
    encoding: 'utf8',
    env: { ...process.env, OPS_PASSWORD: PASSWORD },
  });
  expect(printed).toContain(`${STAFF.loginId} member.suspend member "${SPAMMER.loginId}"`);

  const spammer = await browser.newContext({ locale: 'ko-KR' });
  const page = await spammer.newPage();
  await gotoHydrated(page, url('flex', '/signin'));
  await page.locator('input[name=loginId]').fill(SPAMMER.loginId);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password]').press('Enter');
  const alert = page.getByRole('dialog').filter({ hasText: ko.auth.errors.blocked });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(ko.auth.errors.suspendedUntil.split('{{')[0]!.trim());
  await spammer.close();
});
