import { ko, expect, expectNoSeriousA11yViolations, gotoHydrated, ops, test, url } from './fixtures';

// Social login against the loopback issuers the test server runs (scripts/lib/social-issuers.mjs): the
// provider's own sign-in page, back to /callback/<provider>/authorize, the social sign-up form, then login.
const person = `kakaoe2e${Date.now() % 1_000_000}`;
const nickname = `카카${Date.now() % 100000}`;

async function throughKakao(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: ko.login.social.kakao }).click();
  // The stand-in for Kakao's sign-in page, on its own loopback origin.
  await expect(page.getByRole('heading', { name: 'Kakao sign-in (development)' })).toBeVisible();
  await page.getByLabel('Account').fill(person);
  await page.getByLabel('E-mail').fill(`${person}@example.com`);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
}

test('a person clicks Kakao, signs up through the provider, then logs in with it', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex', '/signin'));
  for (const provider of ['naver', 'kakao', 'twitch', 'google'] as const) await expect(page.getByRole('button', { name: ko.login.social[provider] })).toBeVisible();
  await throughKakao(page);

  // New here: the social sign-up form.
  await page.waitForURL('**/signup/social/kakao**');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: ko.social.signupTitle })).toBeVisible();
  await expect(page.getByText(`${person}@example.com`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(ko.social.field.nickname).fill(nickname);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: ko.identity.verify, exact: true }).click()]);
  await expect(popup.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await popup.getByLabel('이름').fill('김소셜');
  await popup.getByLabel('생년월일').fill('1994-03-04');
  await popup.getByLabel('여성').check();
  await popup.getByLabel('휴대폰 번호').fill('01055556666');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: '인증 완료하기' }).click();
  await closed;
  await page.getByRole('checkbox', { name: new RegExp(ko.terms.agreeAll) }).check();
  await page.getByRole('button', { name: ko.signup.submit }).click();
  await page.waitForURL('**/completed/signup**');
  await expect(page.locator('.site-header .me')).toBeVisible();

  // Logged out: Kakao alone logs them in again.
  // The button works once the page is hydrated (a click on the server's markup does nothing).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('.site-header').getByRole('button', { name: ko.nav.logout }).click();
  await page.waitForURL(url('flex', '/'));
  await expect(page.locator('.site-header .me')).toHaveCount(0);
  await gotoHydrated(page, url('flex', '/signin?callbackURL=%2Fluv'));
  await throughKakao(page);
  await page.waitForURL('**/luv');
  await expect(page.locator('.site-header .me')).toBeVisible();

  // Their page lists Kakao, and unlinking it (their only way in: no password) is refused in their words.
  await gotoHydrated(page, url('flex', '/my/social'));
  const kakaoRow = page.locator('[data-provider=kakao]');
  await expect(kakaoRow).toContainText(ko.social.linked.replace(' {{email}}', ''));
  await kakaoRow.getByRole('button', { name: ko.social.unlinkLabel.replace('{{provider}}', ko.social.name.kakao) }).click();
  await expect(page.getByRole('dialog')).toContainText(ko.social.errors.lastLogin);
  await expectNoSeriousA11yViolations(page);
  // The refused unlink is the one failed request the browser reports, besides a 401 that a request racing the
  // sign-out could get under load (the session has just ended: that is its right answer). Signing out now waits for
  // the calls under way and starts no new one (client/data/sign-out.ts); the fixture names the URL of any such 401.
  expect(consoleErrors.filter((e) => !e.includes('status of 401 (Unauthorized)'))).toEqual([
    expect.stringMatching(/^Failed to load resource: the server responded with a status of 409 \(Conflict\) \(http:\/\/[^)]+\/api\/[^)]+\)$/),
  ]);
});

test('isSnsLoginKakao false (the ops command) hides the Kakao button on the sign-in page and in the login modal', async ({ page }) => {
  try {
    ops('channeling', 'isSnsLoginKakao', 'false');
    await gotoHydrated(page, url('flex', '/signin'));
    await expect(page.getByRole('button', { name: ko.login.social.naver })).toBeVisible();
    await expect(page.getByRole('button', { name: ko.login.social.kakao })).toHaveCount(0);
    // The login modal on another page asks for the settings when it opens.
    await gotoHydrated(page, url('flex', '/'));
    await page.locator('.site-header').getByRole('button', { name: ko.nav.login, exact: true }).click();
    const modal = page.getByRole('dialog', { name: ko.login.title });
    await expect(modal.getByRole('button', { name: ko.login.social.google })).toBeVisible();
    await expect(modal.getByRole('button', { name: ko.login.social.kakao })).toHaveCount(0);
  } finally {
    ops('channeling', 'isSnsLoginKakao', 'true');
  }
  await gotoHydrated(page, url('flex', '/signin'));
  await expect(page.getByRole('button', { name: ko.login.social.kakao })).toBeVisible();
});

test('a refused callback says so on the sign-in page and signs nobody in', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/callback/kakao/authorize?code=forged&state=forged'));
  expect(new URL(page.url()).pathname).toBe('/signin');
  await expect(page.getByRole('dialog')).toContainText(ko.social.errors.invalidAccess);
  await expect(page.locator('.site-header .me')).toHaveCount(0);
});
