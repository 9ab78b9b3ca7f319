// The staff home content page (/staff/content): an operator adds a promo card for one brand from the keyboard
// and the page's labelled form, with its English title and an image; the brand's guest home shows it at once,
// another brand's does not; removing it takes it off again.
import { addMembers, d1, sql, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, person, png, test, url } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const STAFF = { loginId: `sco${suffix}`, nickname: `콘텐츠${suffix}` };
const TITLE = `e2e 프로모 ${suffix}`;

test.beforeAll(async () => {
  await addMembers(STAFF);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
});

test.setTimeout(120_000);

test('an operator adds a promo card for one brand; its guest home shows it at once; removing it takes it off', async ({ browser }) => {
  const staff = await person(browser, STAFF.loginId, '/staff/content');
  const { page } = staff;
  await expect(page.getByRole('heading', { level: 1, name: ko.staffContent.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ko.payouts.staff.nav.label }).getByRole('link', { name: ko.payouts.staff.nav.content })).toHaveAttribute('aria-current', 'page');

  const form = page.getByRole('form', { name: ko.staffContent.add.banners });
  await form.getByLabel(ko.staffContent.fields.brand).selectOption('live');
  await form.getByLabel(ko.staffContent.fields.style).selectOption({ label: ko.staffContent.options.new });
  // The Korean title comes first; the other locales' are in their own fieldsets.
  await form.getByLabel(ko.staffContent.fields.title, { exact: true }).first().fill(TITLE);
  await form.getByLabel(ko.staffContent.fields.linkUrl).fill('/theme/game');
  await form.getByLabel(ko.staffContent.fields.startsAt).fill('2026-01-01T00:00');
  await form
    .getByRole('group', { name: /English/ })
    .getByLabel(ko.staffContent.fields.title, { exact: true })
    .fill(`e2e promo ${suffix}`);
  await form.getByLabel(ko.staffContent.fields.image).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png(320, 160, (x) => [x % 255, 80, 160]) });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: ko.staffContent.create }).press('Enter');
  await expect(form.getByRole('status')).toContainText('#');
  await expect(page.getByRole('cell', { name: TITLE, exact: true })).toBeVisible();

  const guest = await person(browser, null, '/'); // flex's home
  await expect(guest.page.getByText(TITLE)).toHaveCount(0);
  await gotoHydrated(guest.page, url('live'));
  const cards = guest.page.getByRole('list', { name: ko.home.newBanners });
  await expect(cards).toContainText(TITLE);
  await expect(cards.locator('img').first()).toBeVisible(); // alt="": decorative, no img role

  await page.getByRole('button', { name: ko.staffContent.removeOne.replace('{{name}}', TITLE) }).click();
  await page.getByRole('dialog', { name: ko.staffContent.removeTitle }).getByRole('button', { name: ko.staffContent.remove }).click();
  await expect(page.getByRole('cell', { name: TITLE, exact: true })).toHaveCount(0);
  await gotoHydrated(guest.page, url('live'));
  await expect(guest.page.getByText(TITLE)).toHaveCount(0);
  expect([...staff.errors, ...guest.errors]).toEqual([]);
  await staff.context.close();
  await guest.context.close();
});
