// My page and the expiry flow: a member uploads an avatar on /my and the header shows it at once
// (no reload); a dormant account (`npm run ops -- dormant`) is sent from sign-in to /signin/expire, goes
// through AGREEMENT, IDENTIFICATION (the dev identity popup, as its owner) and COMPLETE, and then logs in.
// The members are this file's own.
import { PASSWORD, PORT, addMembers, d1, sql, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, ops, png, signIn, test, url, fill } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const AVATAR = { loginId: `avat${suffix}`, nickname: `아바타${suffix}`.slice(0, 10) };
const STAFF = { loginId: `mbso${suffix}`, nickname: `운영${suffix}`.slice(0, 10) };
const SLEEPER = { loginId: `dorm${suffix}`, nickname: `휴면${suffix}`.slice(0, 10), name: '박휴면', birthday: '1988-08-08', phone: `0107${Date.now() % 10_000_000}`.padEnd(11, '7') };

/** A real 2x2 RGB PNG (the server judges the bytes; the browser must be able to draw it). */
const PIXELS: [number, number, number][][] = [
  [
    [255, 0, 0],
    [0, 0, 255],
  ],
  [
    [0, 255, 0],
    [255, 255, 255],
  ],
];
const PNG = png(2, 2, (x, y) => PIXELS[y]![x]!);

test.beforeAll(async () => {
  await addMembers(AVATAR, STAFF);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await d1(
    sql`INSERT INTO members (login_id, nickname, password_hash, name, birthday, gender, phone, identity_verified, adult, last_login_at)
        SELECT ${SLEEPER.loginId}, ${SLEEPER.nickname}, password_hash, ${SLEEPER.name}, ${SLEEPER.birthday}, 'M', ${SLEEPER.phone}, 1, 1, ${Date.now()} FROM members WHERE login_id = 'demo_viewer'`,
  );
  // The way an operator (or a year of silence) makes it dormant.
  process.env.OPS_PASSWORD = PASSWORD;
  expect(ops('dormant', SLEEPER.loginId, '--as', STAFF.loginId, '--port', String(PORT))).toContain('is dormant');
});

test('an avatar uploaded on my page shows in the header at once', async ({ page }) => {
  await signIn(page, AVATAR.loginId, PASSWORD, '/my');
  const header = page.locator('.site-header .me');
  await expect(header.locator('img.avatar')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const form = page.locator('form.profile-form');
  await form.getByLabel(ko.member.profile.avatar, { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/my/profile') && res.request().method() === 'PUT');
  await form.getByRole('button', { name: ko.member.profile.save }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText(ko.settings.saved);
  const avatar = header.locator('img.avatar');
  await expect(avatar).toHaveAttribute('src', /^\/api\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
  // Drawn, not a broken image: the browser decoded what the server stored.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(page.getByRole('img', { name: ko.member.profile.avatarCurrent })).toBeVisible();
  // A reload keeps it (the page's `me` comes from the API).
  await page.reload();
  await expect(page.locator('.site-header .me img.avatar')).toHaveAttribute('src', (await avatar.getAttribute('src'))!);
  await expectNoSeriousA11yViolations(page);
});

test('a dormant account goes through agreement, identity verification and completion, then logs in', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signin?callbackURL=%2F'));
  await page.locator('input[name=loginId]').fill(SLEEPER.loginId);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password]').press('Enter');
  await page.waitForURL(`**/signin/expire?loginId=${SLEEPER.loginId}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // AGREEMENT: the box must be ticked.
  await expect(page.getByRole('heading', { name: ko.member.expire.steps.AGREEMENT })).toBeFocused();
  await expect(page.locator('[aria-current=step]')).toHaveText(fill(ko.member.expire.stepOf, { n: 1, name: ko.member.expire.steps.AGREEMENT }));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(ko.member.expire.agree).check();
  await page.getByRole('button', { name: ko.member.expire.next }).click();

  // IDENTIFICATION: the owner verifies in the identity popup.
  await expect(page.getByRole('heading', { name: ko.member.expire.steps.IDENTIFICATION })).toBeFocused();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: ko.member.expire.verify }).click()]);
  await popup.waitForURL('**/my/personal-auth?**');
  await expect(popup.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await popup.getByLabel('이름').fill(SLEEPER.name);
  await popup.getByLabel('생년월일').fill(SLEEPER.birthday);
  await popup.getByLabel('남성').check();
  await popup.getByLabel('휴대폰 번호').fill(SLEEPER.phone);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: '인증 완료하기' }).click();
  await closed;

  // COMPLETE: the account can sign in again.
  await expect(page.getByRole('heading', { name: ko.member.expire.steps.COMPLETE })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: fill(ko.member.expire.completeText, { loginId: SLEEPER.loginId }) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.locator('#main').getByRole('button', { name: ko.member.expire.login }).click();
  const dialog = page.getByRole('dialog', { name: ko.login.title });
  await dialog.locator('input[name=loginId]').fill(SLEEPER.loginId);
  await dialog.locator('input[name=password]').fill(PASSWORD);
  await dialog.locator('input[name=password]').press('Enter');
  const event = page.getByRole('dialog', { name: ko.loginEvent.attendanceTitle });
  await expect(async () => {
    if (await event.isVisible()) await page.keyboard.press('Escape');
    await expect(page.locator('.site-header .me')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.site-header .me')).toContainText(SLEEPER.nickname);
});

test("the member's lists are tabs a keyboard moves through, and the login modal's sign-up tab offers social sign-up", async ({ page }) => {
  await signIn(page, AVATAR.loginId, PASSWORD, '/my/lists');
  const tabs = page.getByRole('tablist', { name: ko.member.lists.title });
  const first = tabs.getByRole('tab', { name: ko.member.lists.tabs.subscriptions, exact: true });
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(ko.member.lists.empty.subscriptions);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: ko.member.lists.tabs.subscribers, exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: ko.member.lists.tabs.receivedItems, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(ko.member.lists.empty.receivedItems);
  await expect(page).toHaveURL(/\/my\/lists\?tab=receivedItems$/);
  await expectNoSeriousA11yViolations(page);

  // A guest: the modal's sign-up tab starts with the providers' buttons, which leave for the provider.
  const guest = await page.context().browser()!.newContext({ locale: 'ko-KR' });
  const visitor = await guest.newPage();
  await visitor.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
  await gotoHydrated(visitor, url('flex', '/'));
  await visitor.getByRole('banner').getByRole('button', { name: ko.nav.login }).click();
  const dialog = visitor.getByRole('dialog', { name: ko.login.title });
  await dialog.getByRole('tab', { name: ko.login.tabSignup }).click();
  const kakao = dialog.getByRole('button', { name: fill(ko.member.socialSignup.button, { provider: ko.social.name.kakao }) });
  await expect(kakao).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  const leaving = visitor.waitForRequest((req) => new URL(req.url()).pathname === '/callback/kakao/start');
  await kakao.click();
  expect(new URL((await leaving).url()).searchParams.get('callbackURL')).toBe('/');
  await guest.close();
});
