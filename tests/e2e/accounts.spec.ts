import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { d1Query } from '../../scripts/lib/wrangler.mjs';
import { STATE, d1, sql, expect, gotoHydrated, test, url } from './fixtures';

const ko = JSON.parse(readFileSync('locales/ko.json', 'utf8'));
const en = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const unique = () => `${Date.now() % 1_000_000}`;
type Person = { name: string; birthday: string; gender: 'M' | 'F'; phone: string };

/** The dev SMS outbox, read through the page (the browser resolves *.localhost). */
async function latestCode(page: Page, phoneSuffix: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const messages = (await page.evaluate(async () => (await fetch('/__dev/outbox')).json())) as Array<{ to: string; body: string }>;
    const hit = messages.find((m) => m.to.endsWith(phoneSuffix));
    if (hit) return /\d{6}/.exec(hit.body)![0];
    await page.waitForTimeout(250);
  }
  throw new Error('no code in the outbox');
}

/** Complete the development identity-verification popup opened by `click`. */
async function verifyIdentity(page: Page, click: () => Promise<void>, person: Person) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()]);
  await popup.waitForLoadState();
  await expect(popup.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await popup.locator('input[name=name]').fill(person.name);
  await popup.locator('input[name=birthday]').fill(person.birthday);
  await popup.locator(`input[name=gender][value=${person.gender}]`).check();
  await popup.locator('input[name=phone]').fill(person.phone);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: ko.identity.complete }).click()]);
}

/** Sign up on /signup as a domestic viewer (identity through the dev popup); ends on /completed/signup. */
async function signUpDomestic(page: Page, brand: string, loginId: string, nickname: string, person: Person) {
  await gotoHydrated(page, url(brand, '/signup'));
  await page.locator('input[name=loginId]').fill(loginId);
  await page.locator('input[name=password]').fill('Passw0rd!');
  await page.locator('input[name=confirmPassword]').fill('Passw0rd!');
  await page.locator('input[name=nickname]').fill(nickname);
  await verifyIdentity(page, () => page.getByRole('button', { name: ko.identity.verify }).click(), person);
  await page.locator('input[name=agreeAll]').check();
  await page.getByRole('button', { name: ko.signup.submit }).click();
  await page.waitForURL(/\/completed\/signup/);
}

async function loggedInAs(page: Page, nickname: string) {
  await expect(page.locator('.site-header .me')).toContainText(nickname);
}

test('a foreigner signs up with the SMS code, logs out, logs in with keep login, and stays logged in', async ({ page, context, consoleErrors }) => {
  const id = `abroad${unique()}`;
  // Korean and symbols: the form URL-encodes the nickname, the server decodes it once.
  const nickname = `한글&${unique().slice(-4)}!`;
  const phone = `20255${unique().slice(-5)}`;
  await gotoHydrated(page, url('flex', '/signup/foreigner'));
  await page.locator('input[name=id]').fill(id);
  await page.locator('input[name=password]').fill('Passw0rd!');
  await page.locator('input[name=confirmPassword]').fill('Passw0rd!');
  await page.locator('input[name=name]').fill('Jane   Doe'); // a name keeps one space between its parts
  await page.locator('input[name=nickname]').fill(nickname);
  await page.locator('select[name=birthYear]').selectOption('1990');
  await page.locator('select[name=birthMonth]').selectOption('2');
  await page.locator('select[name=birthDay]').selectOption('3');
  await page.locator('input[name=gender][value=F]').check();
  await page.locator('select[name=countryCode]').selectOption('US');
  await page.locator('input[name=phone]').fill(phone);

  await page.getByRole('button', { name: ko.signup.sendCode }).click();
  const captcha = page.getByRole('dialog', { name: ko.captcha.title });
  const question = (await captcha.locator('.modal-text').textContent())!;
  const [a, b] = question.split('+').map((n) => Number(n.trim()));
  await captcha.locator('input[name=captchaAnswer]').fill(String(a! + b!));
  await captcha.getByRole('button', { name: ko.common.confirm }).click();
  const code = await latestCode(page, phone);
  await page.locator('input[name=code]').fill(code);
  // While the code is being confirmed, the form holds its submit: a submit then was refused for a phone not verified
  // yet, and the confirmation coming back a moment later cleared the message, leaving a form that did nothing.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/personal-auth/foreigner', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: ko.signup.confirmCode }).click();
  await expect(page.getByRole('button', { name: ko.signup.submit })).toBeDisabled();
  release();
  await expect(page.getByRole('group', { name: ko.signup.phoneTitle }).getByRole('img', { name: ko.identity.verified })).toBeVisible();
  await expect(page.getByRole('button', { name: ko.signup.sendCode })).toBeDisabled();
  await expect(page.getByRole('button', { name: ko.signup.submit })).toBeEnabled();

  await page.locator('input[name=agreeAll]').check();
  await page.getByRole('button', { name: ko.signup.submit }).click();
  await page.waitForURL(url('flex', '/'));
  await loggedInAs(page, nickname);
  const { profile } = (await page.evaluate(async () => (await fetch('/api/my/profile')).json())) as { profile: { nickname: string } };
  expect(profile.nickname).toBe(nickname);
  expect(await d1Query('SELECT nickname, name FROM members WHERE login_id = ?', [id], { persistTo: STATE })).toEqual([{ nickname, name: 'Jane Doe' }]);

  // The button works once the page is hydrated (a click on the server's markup does nothing).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: ko.nav.logout }).click();
  await expect(page.getByRole('button', { name: ko.nav.login })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'flx_oauth_access')).toBeUndefined();

  await gotoHydrated(page, url('flex', '/signin'));
  await page.locator('input[name=loginId]').fill(id);
  await page.locator('input[name=password]').fill('Passw0rd!');
  await page.locator('input[name=loginKeep]').check();
  await page.locator('input[name=password]').press('Enter');
  await loggedInAs(page, nickname); // back on /signin after 100 ms, now as the member
  const access = (await context.cookies()).find((c) => c.name === 'flx_oauth_access')!;
  expect(access.httpOnly).toBe(true);
  expect(access.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400); // kept for 30 days
  expect(await page.evaluate(() => document.cookie)).not.toContain('flx_oauth'); // script never sees tokens

  await page.reload();
  await loggedInAs(page, nickname);
  expect(consoleErrors).toEqual([]);
});

test('a domestic viewer signs up through the identity popup', async ({ page }) => {
  const loginId = `kor${unique()}`;
  const nickname = `한국${unique().slice(-4)}`;
  await signUpDomestic(page, 'nest', loginId, nickname, { name: '이도윤', birthday: '1992-05-06', gender: 'M', phone: `010${unique().slice(-8).padStart(8, '1')}` });
  await loggedInAs(page, nickname);
});

test('the session-expired modal appears once the refresh token is revoked', async ({ page }) => {
  const loginId = `exp${unique()}`;
  const nickname = `만료${unique().slice(-4)}`;
  await signUpDomestic(page, 'flex', loginId, nickname, { name: '만료자', birthday: '1990-01-01', gender: 'F', phone: `010${unique().slice(-8).padStart(8, '2')}` });
  // The page must be live before the click below: dispatched before hydration, it is a plain link to a fresh page.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // Every session of the account ends elsewhere, as a password reset on another device does (the same two
  // statements as revokeMemberStatements in src/db/sessions.ts).
  const now = Date.now();
  await d1(
    sql`INSERT OR IGNORE INTO revoked_sessions (family_id, revoked_at)
        SELECT DISTINCT family_id, ${now} FROM refresh_tokens WHERE member_id = (SELECT id FROM members WHERE login_id = ${loginId})`,
    sql`UPDATE refresh_tokens SET revoked_at = ${now} WHERE member_id = (SELECT id FROM members WHERE login_id = ${loginId}) AND revoked_at IS NULL`,
  );

  // Back on the first device: the page's next call (an in-app navigation, or one of its own already under way) finds
  // the session gone. The click is dispatched: the modal may already be up and cover the link.
  await page.locator('.main-nav').getByRole('link', { name: ko.nav.home, exact: true }).dispatchEvent('click');
  const modal = page.getByRole('dialog', { name: ko.sessionExpired.title });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('세션이 만료되었습니다. 다시 로그인 후 이용하실 수 있습니다.');
  await modal.getByRole('button', { name: ko.common.ok }).click();
  await expect(page.getByRole('dialog', { name: ko.login.title })).toBeVisible();
});

test('find ID and reset the password through identity verification', async ({ page }) => {
  const loginId = `find${unique()}`;
  const person = { name: '최유나', birthday: '1993-03-03', gender: 'F' as const, phone: `010${unique().slice(-8).padStart(8, '3')}` };
  await signUpDomestic(page, 'flex', loginId, `찾기${unique().slice(-4)}`, person);
  await page.context().clearCookies();

  await gotoHydrated(page, url('flex', '/member/find/findId'));
  const findId = page.locator('section[aria-labelledby=find-id-title]');
  await verifyIdentity(page, () => findId.getByRole('button', { name: ko.identity.verify }).click(), person);
  await expect(findId).toContainText(`${loginId.slice(0, 2)}${'*'.repeat(loginId.length - 4)}${loginId.slice(-2)}`);

  const findPassword = page.locator('section[aria-labelledby=find-password-title]');
  await findPassword.locator('input[name=loginId]').fill(loginId);
  await verifyIdentity(page, () => findPassword.getByRole('button', { name: ko.identity.verify }).click(), person);
  await findPassword.locator('input[name=password]').fill('NewPassw0rd!');
  await findPassword.locator('input[name=confirmPassword]').fill('NewPassw0rd!');
  await findPassword.getByRole('button', { name: ko.find.changePassword }).click();
  await expect(findPassword).toContainText(ko.find.passwordChanged);

  await gotoHydrated(page, url('flex', '/signin'));
  await page.locator('input[name=loginId]').fill(loginId);
  await page.locator('input[name=password]').fill('NewPassw0rd!');
  await page.locator('input[name=password]').press('Enter');
  await expect(page.locator('.site-header .me')).toBeVisible();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('a foreign member finds their ID on the foreigner tab by the phone they signed up with', async ({ page, consoleErrors }) => {
    const loginId = `abroad${unique()}`;
    const phone = `20256${unique().slice(-5)}`;
    // The member as the foreigner sign-up leaves them (their password is not what this is about).
    await d1(sql`INSERT INTO members (login_id, nickname, password_hash, name, is_foreigner, phone, country_code) VALUES (${loginId}, ${`fr${unique()}`}, 'x', 'Jane Doe', 1, ${phone}, '1')`);

    await gotoHydrated(page, url('flex', '/member/find/findId'));
    await page.getByRole('navigation', { name: en.signup.typeNav }).getByRole('link', { name: en.signup.foreignerTab }).click();
    await expect(page).toHaveURL(url('flex', '/member/find/findId?type=foreigner'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const findId = page.getByRole('region', { name: en.find.idTitle, exact: true });
    await expect(findId).toContainText(en.find.foreigner.idIntro);
    const findPassword = page.getByRole('region', { name: en.find.passwordTitle, exact: true });
    await findPassword.getByRole('button', { name: en.find.foreigner.next }).click();
    await expect(findPassword.getByRole('group', { name: en.signup.phoneTitle })).toHaveAccessibleDescription(en.validation.phone.notVerified);

    await findId.getByLabel(en.signup.countryCode).selectOption('US');
    await findId.getByLabel(en.signup.phone, { exact: true }).fill(phone);
    await findId.getByRole('button', { name: en.signup.sendCode }).click();
    const captcha = page.getByRole('dialog', { name: en.captcha.title });
    const question = (await captcha.locator('.modal-text').textContent())!;
    const [a, b] = question.split('+').map((n) => Number(n.trim()));
    await captcha.locator('input[name=captchaAnswer]').fill(String(a! + b!));
    await captcha.getByRole('button', { name: en.common.confirm }).click();
    await findId.getByLabel(en.signup.code).fill(await latestCode(page, phone));
    await findId.getByRole('button', { name: en.signup.confirmCode }).click();
    await expect(findId.getByRole('status')).toContainText(`${loginId.slice(0, 2)}${'*'.repeat(loginId.length - 4)}${loginId.slice(-2)}`);
    await page.screenshot({ path: test.info().outputPath('find-foreigner-en.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});

test('the first login of a day shows the attendance event before going on', async ({ page }) => {
  const loginId = `evt${unique()}`;
  await signUpDomestic(page, 'flex', loginId, `출석${unique().slice(-4)}`, { name: '출석자', birthday: '1991-01-01', gender: 'M', phone: `010${unique().slice(-8).padStart(8, '4')}` });
  await page.context().clearCookies();
  await d1(sql`UPDATE members SET last_login_at = ${Date.now() - 2 * 86_400_000} WHERE login_id = ${loginId}`); // last seen two days ago
  await gotoHydrated(page, url('flex', '/signin?callbackURL=%2F'));
  await page.locator('input[name=loginId]').fill(loginId);
  await page.locator('input[name=password]').fill('Passw0rd!');
  await page.locator('input[name=password]').press('Enter');
  const event = page.getByRole('dialog', { name: ko.loginEvent.attendanceTitle });
  await expect(event).toContainText(ko.loginEvent.attendanceBody);
  await page.keyboard.press('Escape');
  await page.waitForURL(url('flex', '/'));
  await expect(page.locator('.site-header .me')).toBeVisible();
});

test('a callbackURL to another site is refused', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signin?callbackURL=https%3A%2F%2Fevil.example%2F'));
  await expect(page.getByRole('dialog', { name: ko.alert.title })).toContainText('잘못된 접근입니다.');
});
