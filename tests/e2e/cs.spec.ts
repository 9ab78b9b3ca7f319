// Customer service: a member writes an inquiry with a screenshot, the operator answers it with
// `npm run ops -- inquiry answer`, and the member reads the answer on their inquiry page. A member reports a
// channel from its page; the report reaches the operator's list (the staff page and `ops reports`) and
// staff mark it handled. Members and the channel are this file's own.
import { COOKIE } from '../../src/shared/constants';
import { PASSWORD, PORT, addChannel, addMembers, d1, sql, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, ops, person, test, url } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const MEMBER = { loginId: `csm${suffix}`, nickname: `문의자${suffix}` };
const STAFF = { loginId: `cso${suffix}`, nickname: `상담원${suffix}` };
const CREATOR = { loginId: `csc${suffix}`, nickname: `신고방${suffix}` };
const CHANNEL_TITLE = `e2e-cs ${suffix}`;
// A 1x1 PNG: a real image the upload module measures.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async () => {
  await addMembers(MEMBER, STAFF, CREATOR);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await addChannel(CREATOR.loginId, CHANNEL_TITLE);
});

test('an inquiry with a screenshot gets the operator’s answer, which the member reads', async ({ browser }) => {
  const member = await person(browser, MEMBER.loginId, '/cs/inquiries');
  const { page } = member;
  const title = `환불 문의 ${suffix}`;
  await page.getByLabel(ko.cs.inquiry.category).selectOption('2');
  await page.getByLabel(ko.cs.inquiry.titleField).fill(title);
  await page.getByLabel(ko.cs.inquiry.content).fill('결제가 두 번 되었습니다.\n확인 부탁드립니다.');
  await page.getByLabel(ko.cs.attach).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: ko.cs.inquiry.submit }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(ko.cs.inquiry.waiting)).toBeVisible();
  const id = /\/cs\/inquiries\/(\d+)$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  // The screenshot opens for its writer.
  const file = page.getByRole('link', { name: /첨부 1/ });
  const href = (await file.getAttribute('href'))!;
  const served = await page.evaluate(async (path) => {
    const res = await fetch(path);
    return { status: res.status, type: res.headers.get('content-type') };
  }, href);
  expect(served).toEqual({ status: 200, type: 'image/png' });
  await expectNoSeriousA11yViolations(page);

  // The operator answers it from the command line (`npm run ops -- inquiry` lists those waiting).
  const answer = `두 번째 결제를 취소했습니다 ${suffix}`;
  process.env.OPS_PASSWORD = PASSWORD;
  expect(ops('inquiry', 'answer', id!, '--as', STAFF.loginId, '--text', answer, '--port', String(PORT))).toContain(`inquiry ${id} answered`);

  await page.reload();
  await expect(page.locator('.cs-answer')).toContainText(answer);
  await page.getByRole('link', { name: ko.cs.backToList }).click();
  await expect(page.locator('.cs-list li').filter({ hasText: title })).toContainText(ko.cs.inquiry.status.answered);
  expect(member.errors).toEqual([]);
  await member.context.close();
});

test('a report of a channel reaches the operator’s list, where staff mark it handled', async ({ browser }) => {
  const member = await person(browser, MEMBER.loginId, `/channel/${CREATOR.loginId}`);
  const words = `불법 방송 신고 ${suffix}`;
  await member.page.getByRole('button', { name: ko.cs.report.button.channel }).click();
  const dialog = member.page.getByRole('dialog', { name: ko.cs.report.title });
  await dialog.getByLabel(ko.cs.report.reason).selectOption('illegal');
  await dialog.getByLabel(ko.cs.report.content).fill(words);
  await expectNoSeriousA11yViolations(member.page);
  await dialog.getByRole('button', { name: ko.cs.report.submit, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(ko.cs.report.sent);
  expect(member.errors).toEqual([]);
  await member.context.close();

  // The operator's list: the command line's, and the staff page, where it is marked handled.
  process.env.OPS_PASSWORD = PASSWORD;
  expect(ops('reports', '--as', STAFF.loginId, '--port', String(PORT))).toContain(JSON.stringify(words));
  const staff = await person(browser, STAFF.loginId, '/staff/cs');
  const item = staff.page.locator('.cs-staff-item').filter({ hasText: words });
  await expect(item).toContainText(ko.cs.reasons.illegal);
  await expect(item).toContainText(CREATOR.nickname);
  await expectNoSeriousA11yViolations(staff.page);
  await item.getByRole('button', { name: ko.cs.staff.close }).click();
  await expect(staff.page.locator('.cs-staff-item').filter({ hasText: words })).toHaveCount(0);
  expect(staff.errors).toEqual([]);
  await staff.context.close();
});

test('staff write a notice in English from the desk, its language chosen by name; English readers find it', async ({ browser }) => {
  const staff = await person(browser, STAFF.loginId, '/staff/cs');
  const title = `Maintenance tonight ${suffix}`;
  const language = staff.page.getByRole('main').getByLabel(ko.cs.staff.postLocale); // the header's language menu has the same name
  await expect(language.locator('option')).toHaveText(['한국어', 'English', '中文', '日本語', 'ไทย']);
  await language.selectOption({ label: 'English' });
  await staff.page.getByLabel(ko.cs.staff.postTitle).fill(title);
  await staff.page.getByLabel(ko.cs.staff.postBody).fill('The site rests for an hour tonight.');
  await staff.page.getByRole('button', { name: ko.cs.staff.publish }).click();
  await expect(staff.page.getByText(ko.cs.staff.posted)).toBeVisible();
  expect(staff.errors).toEqual([]);
  await staff.context.close();

  const reader = await browser.newContext({ locale: 'en-US' });
  await reader.addCookies([{ name: COOKIE.locale, value: 'en', url: url('flex') }]);
  const page = await reader.newPage();
  await gotoHydrated(page, url('flex', '/cs/notices'));
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await reader.close();
});
