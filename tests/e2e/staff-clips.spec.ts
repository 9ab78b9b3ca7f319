// The staff clips page (/staff/clips): an operator finds a channel's clip by its title and deletes it from the
// keyboard with a reason; the clip's page is gone. (The list, the search and the audit row: tests/worker/clips.test.ts.)
import { addChannel, addMembers, d1, sql, expect, expectNoSeriousA11yViolations, ko, person, test, url } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const STAFF = { loginId: `scl${suffix}`, nickname: `클립운영${suffix}` };
const CREATOR = { loginId: `clc${suffix}`, nickname: `클립채널${suffix}` };
const CHANNEL = `클립 채널 ${suffix}`;
const CLIP = { id: `cl${suffix}xx`, title: `e2e 클립 ${suffix}` };

test.beforeAll(async () => {
  await addMembers(STAFF, CREATOR);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await addChannel(CREATOR.loginId, CHANNEL, { live: true });
  // A clip's row is all the list needs (its files are another test's); adult, so no home page lists it meanwhile.
  await d1(sql`INSERT INTO clips (id, channel_id, stream_id, member_id, title, started_at, duration_ms, adult, adult_plus, renditions, request_key, created_at)
               SELECT ${CLIP.id}, s.channel_id, s.id, c.owner_id, ${CLIP.title}, s.started_at, 10000, 1, 0, '[]', ${CLIP.id}, ${Date.now()}
               FROM streams s JOIN channels c ON c.id = s.channel_id WHERE c.title = ${CHANNEL}`);
});

test('an operator finds a clip by its title and deletes it with a reason; its page is gone', async ({ browser }) => {
  const staff = await person(browser, STAFF.loginId, '/staff/clips');
  const { page } = staff;
  await expect(page.getByRole('heading', { level: 1, name: ko.staff.clips.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ko.payouts.staff.nav.label }).getByRole('link', { name: ko.payouts.staff.nav.clips })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel(ko.staff.clips.search).fill(suffix);
  await page.getByLabel(ko.staff.clips.search).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/staff/clips\\?q=${suffix}$`));
  const row = page.getByRole('row', { name: new RegExp(CLIP.title) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: CLIP.title })).toHaveAttribute('href', `/clip/${CLIP.id}`);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: ko.staff.clips.deleteLabel.replace('{{title}}', CLIP.title) }).press('Enter');
  const dialog = page.getByRole('dialog', { name: ko.staff.clips.dialogTitle });
  await dialog.getByLabel(ko.staff.clips.reason).fill('저작권 침해 신고');
  await dialog.getByRole('button', { name: ko.staff.clips.confirm }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: ko.staff.clips.done.replace('{{title}}', CLIP.title) })).toBeVisible();
  await expect(page.getByText(ko.staff.clips.noMatch)).toBeVisible();
  expect((await page.goto(url('flex', `/clip/${CLIP.id}`)))?.status()).toBe(404);
  expect(staff.errors).toEqual([]);
  await staff.context.close();
});
