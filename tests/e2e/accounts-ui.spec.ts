// The account screens where a real browser and the real server matter: the country list's data kept out of the home
// page bundle, the in-app navigation between sign-up tabs, the login modal's layout, the identity popup, accessibility
// scans, the real account API, and what happens before the page hydrates. The screens' own behaviour (validation and
// its messages, the submit order, the selects, the tabs, the UI against each API answer) is tested without a browser
// in tests/components/accounts.test.tsx.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, ko, test, url } from './fixtures';

/** The browser's own log of a failed request is not an app error (API routes may still answer 404). */
const appErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Answer an API route with JSON, for the UI's side of a call whatever the API's state. */
async function mock(context: BrowserContext, pattern: string, status: number, body: unknown): Promise<void> {
  await context.route(pattern, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}
const POLICY = { title: '약관', body: '제1조 목적\n이 약관은 서비스 이용 조건을 정합니다.' };

test('the country list is in the page language and its data is not in the home page bundle', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  // Bodies fetched again in the page (*.localhost resolves there only): the page's own responses
  // may be cache revalidations without a body.
  const hasPhoneMetadata = async () => {
    const sources = scripts.splice(0);
    const bodies = await page.evaluate((list) => Promise.all(list.map(async (src) => (await fetch(src)).text())), sources);
    return bodies.some((js) => js.includes('country_calling_codes'));
  };
  await gotoHydrated(page, url('flex'));
  expect(await hasPhoneMetadata()).toBe(false);
  await gotoHydrated(page, url('flex', '/signup/foreigner'));
  await expect(page.getByLabel('국가 번호').locator('option', { hasText: '대한민국 ( + 82 ) ' })).toHaveCount(1);
  expect(await hasPhoneMetadata()).toBe(true);
});

test('the foreigner sign-up tab opens its page in place, keeping the query', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signup?rId=friend01&callbackURL=%2Fx'));
  await page.getByRole('navigation', { name: '회원 유형' }).getByRole('link', { name: '외국인' }).click();
  await expect(page).toHaveURL(url('flex', '/signup/foreigner?rId=friend01&callbackURL=%2Fx'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('외국인 회원가입');
  await expect(page.getByLabel('추천인 (선택)')).toHaveValue('friend01');
});

test('the login modal shows the sign-up form in a 408 px scrolling body', async ({ page }) => {
  await gotoHydrated(page, url('flex'));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '회원으로 로그인' });
  await dialog.getByRole('tab', { name: '회원가입' }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByLabel('닉네임')).toBeVisible();
  expect(await panel.evaluate((el) => [el.getBoundingClientRect().height, getComputedStyle(el).overflowY])).toEqual([408, 'auto']);
  await expectNoSeriousA11yViolations(page);
});

test('account pages have no serious accessibility violations', async ({ page, consoleErrors }) => {
  for (const path of ['/signin', '/signup', '/signup/foreigner', '/member/find/findId', '/my/personal-auth?session=x']) {
    await gotoHydrated(page, url('flex', path));
    await expectNoSeriousA11yViolations(page);
  }
  expect(appErrors(consoleErrors)).toEqual([]);
});

// The UI against mocked answers where the browser matters: a real popup window.
test.describe('with mocked API answers', () => {
  test('identity verification runs in a popup that hands the authKey back', async ({ page, context }) => {
    await mock(context, '**/static/*-rules', 200, POLICY);
    await mock(context, '**/api/auth/signup/personal-auth?type=personal-signup', 200, { provider: 'internal', url: '/my/personal-auth?type=personal-signup&provider=internal&session=s1' });
    await mock(context, '**/api/personal-auth/dev/complete', 200, { authKey: 'ak-1' });
    await gotoHydrated(page, url('flex', '/signup'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '본인인증' }).click()]);
    await popup.waitForURL('**/my/personal-auth?**');
    await expect(popup.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await popup.getByLabel('이름').fill('홍길동');
    await popup.getByLabel('생년월일').fill('1990-01-02');
    await popup.getByLabel('남성').check();
    await popup.getByLabel('휴대폰 번호').fill('01012345678');
    const done = popup.waitForEvent('close');
    const completed = popup.waitForRequest('**/api/personal-auth/dev/complete');
    await popup.getByRole('button', { name: '인증 완료하기' }).click();
    expect((await completed).postDataJSON()).toEqual({ session: 's1', name: '홍길동', birthday: '1990-01-02', gender: 'M', phone: '01012345678' });
    await done;
    await expect(page.getByRole('button', { name: '본인인증 완료' })).toBeDisabled();
    await expect(page.getByRole('img', { name: '인증 완료' })).toBeVisible();
  });
});

// Against the real account API (no mocks): policy texts load and a wrong login says so.
test('against the real API: policy texts load and a wrong login says so', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signup'));
  await expect(page.getByRole('checkbox', { name: '전체 동의' })).toBeVisible();
  await gotoHydrated(page, url('flex', '/signin'));
  await page.getByLabel('아이디', { exact: true }).fill('nobody01');
  await page.getByLabel('비밀번호').fill('Wrong1!pass');
  await page.getByLabel('비밀번호').press('Enter');
  await expect(page.getByRole('dialog', { name: '알림' })).toContainText('계정 정보가 올바르지 않습니다.');
});

// After login the page goes to the callback URL; the sign-in page without one goes home.
test('signing in on /signin without a callbackURL lands on the home page, signed in', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signin'));
  await page.getByLabel('아이디', { exact: true }).fill('demo_minor');
  await page.getByLabel('비밀번호').fill('demo-pass-1234');
  await page.getByLabel('비밀번호').press('Enter');
  const event = page.getByRole('dialog', { name: ko.loginEvent.attendanceTitle });
  await expect(async () => {
    if (await event.isVisible()) await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe('/');
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.site-header .me')).toBeVisible();
});

// What a person does before the page's script has run: it must neither leak nor be lost. The client bundle is held
// back (the page shows its server HTML meanwhile), then let go.
test.describe('before the page hydrates', () => {
  // The page's service worker fetches main.js itself once it is installed (the first page here installs it), and
  // a service worker's requests pass by page.route: the second page hydrated while the test was still typing.
  test.use({ serviceWorkers: 'block' });

  /** Holds main.js until the returned function is called: the page is its server-rendered HTML until then. */
  async function holdClient(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/main.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Past the attendance event of the day's first login, on `path` and signed in. */
  async function expectSignedIn(page: Page, path: string): Promise<void> {
    const event = page.getByRole('dialog', { name: ko.loginEvent.attendanceTitle });
    await expect(async () => {
      if (await event.isVisible()) await page.keyboard.press('Escape');
      expect(new URL(page.url()).pathname).toBe(path);
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('.site-header .me')).toBeVisible();
  }

  test('a sign-in sent with Enter before hydration never puts the password in a URL, and signs in once the script runs', async ({ page }) => {
    const password = 'demo-pass-1234';
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    const release = await holdClient(page);
    await page.goto(url('flex', '/signin'), { waitUntil: 'domcontentloaded' });
    await page.getByLabel('아이디', { exact: true }).fill('demo_viewer');
    await page.getByLabel('비밀번호').fill(password);
    await page.getByLabel('비밀번호').press('Enter');
    // Held by the page until it hydrates: no native submit, the page stays as it is.
    await expect(page.locator('form[data-held-submit]')).toHaveCount(1);
    expect(page.url()).toBe(url('flex', '/signin'));
    release();
    await expectSignedIn(page, '/');
    expect(urls.filter((u) => u.includes(password) || u.includes('password='))).toEqual([]);
  });

  test('a choice in a select made before hydration is the one the page keeps (hydration would set it back)', async ({ page }) => {
    const release = await holdClient(page);
    await page.goto(url('flex', '/signup/foreigner'), { waitUntil: 'domcontentloaded' });
    const year = page.getByLabel(ko.signup.year, { exact: true });
    const month = page.getByLabel(ko.signup.month, { exact: true });
    await year.selectOption('1990');
    await month.selectOption('7');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(year).toHaveValue('1990');
    await expect(month).toHaveValue('7');
    // The page's own state has them: changing another field re-renders the selects with what was chosen.
    await page.getByLabel(ko.signup.day, { exact: true }).selectOption('15');
    await expect(year).toHaveValue('1990');
    await expect(month).toHaveValue('7');
  });

  test('what was typed before hydration is what the form sends after it (sign-in and sign-up)', async ({ page }) => {
    let release = await holdClient(page);
    await page.goto(url('flex', '/signup'), { waitUntil: 'domcontentloaded' });
    await page.getByLabel('아이디', { exact: true }).fill('typedbefore1');
    await page.getByLabel('비밀번호', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('비밀번호 확인').fill('Abcdef1!');
    await page.getByLabel('닉네임').fill('미리입력');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: '가입하기' }).click();
    // Only what was not done is asked for (identity verification, the terms, which appear once hydrated): the four
    // fields typed before count as filled in.
    await expect(page.getByRole('button', { name: '본인인증' })).toHaveAccessibleDescription('본인인증 후 회원가입이 가능합니다.');
    for (const label of ['아이디', '비밀번호', '비밀번호 확인', '닉네임']) await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

    await page.unrouteAll();
    release = await holdClient(page);
    await page.goto(url('flex', '/signin'), { waitUntil: 'domcontentloaded' });
    await page.getByLabel('아이디', { exact: true }).fill('demo_viewer');
    await page.getByLabel('비밀번호').fill('demo-pass-1234');
    await page.getByRole('checkbox', { name: ko.login.saveId }).check();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const signin = page.waitForRequest((request) => request.url().endsWith('/v2/api/auth/signin'));
    await page.locator('#main').getByRole('button', { name: ko.login.submit, exact: true }).click();
    expect((await signin).postDataJSON()).toMatchObject({ loginId: 'demo_viewer', password: 'demo-pass-1234', saveId: true, loginKeep: false });
    await expectSignedIn(page, '/');
  });
});
