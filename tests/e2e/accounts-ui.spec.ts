// The account screens as far as they work without the account API: client-side validation (SPEC §5),
// the foreigner submit order (SPEC §4), birth and country selects (SPEC §2), the login modal's tabs,
// and accessibility, with API answers mocked where a case needs a particular one; the last test runs against the real API.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, ko, test, url } from './fixtures';

/** The browser's own log of a failed request is not an app error (API routes may still answer 404). */
const appErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Answer an API route with JSON, for the UI's side of a call whatever the API's state. */
async function mock(context: BrowserContext, pattern: string, status: number, body: unknown): Promise<void> {
  await context.route(pattern, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}
const POLICY = { title: '약관', body: '제1조 목적\n이 약관은 서비스 이용 조건을 정합니다.' };

/** Type a value into a labelled field and leave it, as a user would (validation runs on blur). */
async function fillAndBlur(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

test.describe('foreigner sign-up, in English', () => {
  test.use({ locale: 'en-US' });

  test('shows each SPEC §5 message on blur, tied to its field', async ({ page, consoleErrors }) => {
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    const id = page.getByLabel('ID', { exact: true });
    await id.focus();
    await id.blur();
    await expect(id).toHaveAccessibleDescription('Please check ID.');
    await fillAndBlur(page, 'ID', 'abc');
    await expect(id).toHaveAccessibleDescription('ID (6~15 characters, alphanumeric)');
    await fillAndBlur(page, 'ID', '1234567'); // digits only are refused
    await expect(id).toHaveAccessibleDescription('ID (6~15 characters, alphanumeric)');

    const password = page.getByLabel('Password', { exact: true });
    await password.focus();
    await password.blur();
    await expect(password).toHaveAccessibleDescription('Please check password.');
    await fillAndBlur(page, 'Password', 'short');
    await expect(password).toHaveAccessibleDescription('Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).');
    await expect(password).toHaveAttribute('maxlength', '40');

    await fillAndBlur(page, 'Password', 'Abcdef1!');
    await fillAndBlur(page, 'Confirm password', 'Abcdef1!x');
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription('The password does not match.');

    const nickname = page.getByLabel('Nickname', { exact: true });
    await nickname.focus();
    await nickname.blur();
    await expect(nickname).toHaveAccessibleDescription('Please check nickname.');
    await fillAndBlur(page, 'Nickname', 'x');
    await expect(nickname).toHaveAccessibleDescription('Nickname (2~10 characters, including Korean, English, numbers, and special characters).');

    const name = page.getByLabel('Name', { exact: true });
    await name.focus();
    await name.blur();
    await expect(name).toHaveAccessibleDescription('Please check name.');

    await page.getByLabel('Year').focus();
    await page.getByLabel('Male', { exact: true }).focus(); // leaving the birth selects
    await expect(page.getByRole('group', { name: 'Date of birth' })).toHaveAccessibleDescription('Please check birthday.');
    await page.getByLabel('Referrer (optional)').focus(); // leaving the gender radios
    await expect(page.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Please check gender.');

    // Every input strips whitespace but a person's name, which keeps one space between its parts (its ends are trimmed when it is sent)
    await page.getByLabel('Name', { exact: true }).fill(' Jane  Doe ');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jane Doe ');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('phone: number required before sending, captcha required before the code goes, digits only', async ({ page }) => {
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    const phone = page.getByLabel('Phone number', { exact: true });
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(phone).toHaveAccessibleDescription('Please enter your phone number.');
    await phone.fill('010 12-34a5678');
    await expect(phone).toHaveValue('01012345678');
    await page.getByLabel('Verification code', { exact: true }).fill('12 ab3');
    await expect(page.getByLabel('Verification code', { exact: true })).toHaveValue('123');
    await page.getByRole('button', { name: 'Send code' }).click(); // still no country
    await expect(phone).toHaveAccessibleDescription('Please enter your phone number.');

    await page.getByLabel('Country code').selectOption({ label: 'South Korea ( + 82 ) ' });
    await page.getByRole('button', { name: 'Send code' }).click();
    const captcha = page.getByRole('dialog', { name: 'Security check' });
    await expect(captcha).toBeVisible();
    await captcha.getByRole('button', { name: 'Confirm' }).click();
    await expect(captcha.getByRole('alert')).toHaveText('Verification is not complete. Try again.');
    await captcha.getByRole('button', { name: 'Cancel' }).click();
    await expect(captcha).toBeHidden();
  });

  test('submit checks the four core fields first, then birthday, name, gender in that order', async ({ page }) => {
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await submit.click();
    await expect(page.getByLabel('ID', { exact: true })).toHaveAccessibleDescription('Please check ID.');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Please check password.');
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription('Please check password.');
    await expect(page.getByLabel('Nickname', { exact: true })).toHaveAccessibleDescription('Please check nickname.');
    await expect(page.getByText('Please check birthday.')).toHaveCount(0);

    // Filled but not blurred, so no duplicate check runs: these checks need no API.
    await page.getByLabel('ID', { exact: true }).fill(`ui${Date.now().toString(36)}`);
    await page.getByLabel('Password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Nickname', { exact: true }).fill(`ui${Date.now() % 100000}`);
    await submit.click();
    const birth = page.getByRole('group', { name: 'Date of birth' });
    await expect(birth).toHaveAccessibleDescription('Please check birthday.');
    await expect(page.getByText('Please check name.')).toHaveCount(0);
    await expect(page.getByText('Please check gender.')).toHaveCount(0);

    await page.getByLabel('Year').selectOption('2000');
    await page.getByLabel('Month').selectOption('2');
    await page.getByLabel('Day').selectOption('29');
    await submit.click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Please check name.');
    await expect(page.getByText('Please check gender.')).toHaveCount(0);

    await page.getByLabel('Name', { exact: true }).fill('Jane');
    await submit.click();
    await expect(page.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Please check gender.');

    await page.getByLabel('Female').check();
    await submit.click();
    await expect(page.getByRole('group', { name: 'Phone verification' })).toHaveAccessibleDescription('Please verify your phone number.');
  });

  test('birth selects: the last 100 years newest first, months 1-12, days 1-31', async ({ page }) => {
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    const values = (label: string) =>
      page
        .getByLabel(label)
        .locator('option:not([value=""])')
        .evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
    const year = new Date().getFullYear();
    const years = await values('Year');
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(year);
    expect(years[99]).toBe(year - 99);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(await values('Month')).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await values('Day')).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  test('country calling codes: about 230 entries shown as "Name ( + code ) ", sorted by name', async ({ page }) => {
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    const options = page.getByLabel('Country code').locator('option:not([value=""])');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(200);
    const labels = await options.evaluateAll((list) => list.map((o) => o.textContent ?? ''));
    expect(labels.length).toBeLessThan(260);
    for (const label of labels) expect(label).toMatch(/^\S.* \( \+ \d{1,4} \) $/);
    expect(labels).toContain('South Korea ( + 82 ) ');
    expect(labels).toContain('Japan ( + 81 ) ');
    const names = labels.map((l) => l.replace(/ \( \+ \d+ \) $/, ''));
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});

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

test('domestic sign-up: Korean messages on blur and on submit', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex', '/signup'));
  const loginId = page.getByLabel('아이디', { exact: true });
  await loginId.focus();
  await loginId.blur();
  await expect(loginId).toHaveAccessibleDescription('아이디를 확인해주세요.');
  await fillAndBlur(page, '아이디', 'ab');
  await expect(loginId).toHaveAccessibleDescription('아이디는 6~15자 영문, 숫자입니다.');
  await fillAndBlur(page, '비밀번호', 'abc');
  await expect(page.getByLabel('비밀번호', { exact: true })).toHaveAccessibleDescription('비밀번호는 8~15자 이내의 대 소문자,숫자,특수문자입니다.');
  await fillAndBlur(page, '비밀번호', 'Abcdef1!');
  await fillAndBlur(page, '비밀번호 확인', 'Abcdef1?');
  await expect(page.getByLabel('비밀번호 확인')).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
  await fillAndBlur(page, '닉네임', '');
  await expect(page.getByLabel('닉네임')).toHaveAccessibleDescription('닉네임을 확인해주세요.');
  await fillAndBlur(page, '닉네임', '가');
  await expect(page.getByLabel('닉네임')).toHaveAccessibleDescription('닉네임은 2~10자 국문, 영문, 숫자, 특수문자입니다.');

  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByRole('button', { name: '본인인증' })).toHaveAccessibleDescription('본인인증 후 회원가입이 가능합니다.');
  await expect(page.getByText('필수약관에 동의해주셔야 합니다.')).toBeVisible();
  await expect(loginId).toBeFocused(); // focus goes to the first field in error
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('sign-up tabs link to each other keeping the query; rId pre-fills the referrer', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signup?rId=friend01&callbackURL=%2Fx'));
  const tabs = page.getByRole('navigation', { name: '회원 유형' });
  await expect(tabs.getByRole('link', { name: '내국인' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: '외국인' })).toHaveAttribute('href', '/signup/foreigner?rId=friend01&callbackURL=%2Fx');
  await expect(page.getByLabel('추천인 아이디 (선택)')).toHaveValue('friend01');
  await tabs.getByRole('link', { name: '외국인' }).click();
  await expect(page).toHaveURL(url('flex', '/signup/foreigner?rId=friend01&callbackURL=%2Fx'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('외국인 회원가입');
  await expect(page.getByLabel('추천인 (선택)')).toHaveValue('friend01');
});

test('a brand without foreigner sign-up shows no foreigner tab', async ({ page }) => {
  await gotoHydrated(page, url('bread', '/signup'));
  await expect(page.getByRole('navigation', { name: '회원 유형' }).getByRole('link')).toHaveCount(1);
});

test('sign-in page: the form, saved fields, Enter submits, and a sign-up link keeping the query', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/signin?callbackURL=%2Fchannel%2F3'));
  await expect(page.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/signup?callbackURL=%2Fchannel%2F3');
  await expect(page.getByRole('link', { name: '아이디 찾기 & 비밀번호 찾기' })).toHaveAttribute('href', '/member/find/findId');
  await expect(page.getByLabel('비밀번호')).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('로그인 유지')).not.toBeChecked();
  await page.getByLabel('아이디', { exact: true }).press('Enter');
  const alert = page.getByRole('dialog', { name: '알림' });
  await expect(alert).toContainText('아이디를 확인해주세요.');
  await alert.getByRole('button', { name: '확인' }).click();
});

test('the login modal shows the login form, then the sign-up form in a 408 px scrolling body', async ({ page }) => {
  await gotoHydrated(page, url('flex'));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '회원으로 로그인' });
  await expect(dialog.getByLabel('아이디', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('아이디 저장')).toBeVisible();
  await dialog.getByRole('tab', { name: '회원가입' }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByLabel('닉네임')).toBeVisible();
  await expect(panel.getByRole('link', { name: /외국인 회원가입/ })).toHaveAttribute('href', '/signup/foreigner');
  expect(await panel.evaluate((el) => [el.getBoundingClientRect().height, getComputedStyle(el).overflowY])).toEqual([408, 'auto']);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '닫기' }).click();
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(dialog.getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('비밀번호')).toBeVisible();
});

test('find ID / password and the identity popup page validate without the API', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/member/find/findId'));
  await expect(page.getByRole('heading', { name: '아이디 찾기', exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: '비밀번호 찾기', exact: true });
  await section.getByRole('button', { name: '본인인증' }).click();
  await expect(section.getByLabel('아이디', { exact: true })).toHaveAccessibleDescription('아이디를 확인해주세요.');

  await gotoHydrated(page, url('flex', '/my/personal-auth?type=personal&session=test'));
  await page.getByRole('button', { name: '인증 완료하기' }).click();
  await expect(page.getByLabel('이름')).toHaveAccessibleDescription('이름을 확인해주세요.');
  await expect(page.getByLabel('생년월일')).toHaveAccessibleDescription('생년월일을 확인해주세요.');
  await expect(page.getByLabel('휴대폰 번호')).toHaveAccessibleDescription('휴대폰 번호를 입력해주세요.');
});

test('account pages have no serious accessibility violations', async ({ page, consoleErrors }) => {
  for (const path of ['/signin', '/signup', '/signup/foreigner', '/member/find/findId', '/my/personal-auth?session=x']) {
    await gotoHydrated(page, url('flex', path));
    await expectNoSeriousA11yViolations(page);
  }
  expect(appErrors(consoleErrors)).toEqual([]);
});

// The UI against mocked answers: each call's contract from src/shared/account-api.ts.
test.describe('with mocked API answers', () => {
  test('terms: agree-all toggles the three, each toggles it back, policies open in a dialog', async ({ page, context }) => {
    await mock(context, '**/static/*-rules', 200, POLICY);
    await gotoHydrated(page, url('flex', '/signup'));
    const all = page.getByRole('checkbox', { name: '전체 동의' });
    const boxes = ['서비스 이용약관 동의', '개인정보 수집 및 이용 동의', '마케팅 정보 수신 동의'].map((name) => page.getByRole('checkbox', { name: new RegExp(name) }));
    await all.check();
    for (const box of boxes) await expect(box).toBeChecked();
    await boxes[2]!.uncheck();
    await expect(all).not.toBeChecked();
    await boxes[2]!.check();
    await expect(all).toBeChecked();
    await all.uncheck();
    for (const box of boxes) await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: '서비스 이용약관 동의 보기' }).click();
    const policy = page.getByRole('dialog', { name: '약관' });
    await expect(policy).toContainText('제1조 목적');
    await page.keyboard.press('Escape');
    await expect(policy).toBeHidden();
  });

  test('duplicate ID and nickname are reported on blur (English)', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await mock(context, '**/api/guest/loginId/**', 200, { result: 'overlap' });
    await mock(context, '**/api/guest/nickname/**', 200, { result: 'overlap' });
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    await fillAndBlur(page, 'ID', 'takenid01');
    await expect(page.getByLabel('ID', { exact: true })).toHaveAccessibleDescription('ID that already exists.');
    await fillAndBlur(page, 'Nickname', 'taken');
    await expect(page.getByLabel('Nickname', { exact: true })).toHaveAccessibleDescription('Nickname that already exists.');
    await context.close();
  });

  test('phone: captcha answer goes as id:answer, code sent toast, resend blocked, verified locks the buttons', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await mock(context, '**/api/captcha/challenge', 200, { provider: 'local', id: 'c1', question: '4 + 8' });
    await mock(context, '**/v2/api/auth/signup/send-phone-verification', 200, { message: 'sent' });
    await mock(context, '**/api/personal-auth/foreigner', 200, { phoneVerificationToken: 'pvt' });
    await gotoHydrated(page, url('flex', '/signup/foreigner'));
    await page.getByLabel('Country code').selectOption({ label: 'South Korea ( + 82 ) ' });
    await page.getByLabel('Phone number', { exact: true }).fill('01012345678');
    await page.getByRole('button', { name: 'Send code' }).click();
    const captcha = page.getByRole('dialog', { name: 'Security check' });
    await expect(captcha).toContainText('4 + 8');
    await captcha.getByLabel('Answer').fill('1 2');
    const sent = page.waitForRequest('**/send-phone-verification');
    await captcha.getByLabel('Answer').press('Enter');
    expect((await sent).postDataJSON()).toEqual({ countryCode: '82', phone: '01012345678', captchaToken: 'c1:12' });
    await expect(page.locator('.toast')).toHaveText('The verification code has been sent.');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveAccessibleDescription('Please try again later.');
    await page.getByLabel('Verification code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Verify code' })).toBeDisabled();
    await context.close();
  });

  test('login errors follow SPEC §8; success goes to the callbackURL', async ({ page, context }) => {
    let answer = { status: 401, body: { status: 401, msg: 'FAIL', message: '', event: null } as unknown };
    await context.route('**/v2/api/auth/signin', (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }));
    await gotoHydrated(page, url('flex', '/signin?callbackURL=%2Fmember%2Ffind%2FfindId'));
    await page.getByLabel('아이디', { exact: true }).fill('member01');
    await page.getByLabel('비밀번호').fill('Abcdef1!');
    const alert = page.getByRole('dialog', { name: '알림' });
    const attempt = async (expected: string) => {
      await page.getByLabel('비밀번호').press('Enter');
      await expect(alert).toContainText(expected);
      await alert.getByRole('button', { name: '확인' }).click();
    };
    await attempt('계정 정보가 올바르지 않습니다.');
    answer = { status: 401, body: { status: 401, msg: 'FAIL', message: '비밀번호 5회 오류', event: null } };
    await attempt('비밀번호 5회 오류');
    answer = { status: 423, body: { status: 423, msg: 'BLOCKED', message: '', event: null } };
    await attempt('차단된 계정입니다.');
    answer = { status: 200, body: { status: 200, msg: 'OK', message: '', event: { title: '출석 보상', body: '100벨을 받았습니다.' } } };
    const sent = page.waitForRequest('**/v2/api/auth/signin');
    await page.getByLabel('비밀번호').press('Enter');
    expect((await sent).postDataJSON()).toEqual({ loginId: 'member01', password: 'Abcdef1!', loginKeep: false, saveId: false, device: 'PCWEB' });
    const event = page.getByRole('dialog', { name: '출석 보상' });
    await expect(event).toContainText('100벨을 받았습니다.');
    await event.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(url('flex', '/member/find/findId'));
  });

  test('sign-up in the login modal ends in the welcome panel', async ({ page, context }) => {
    await context.addCookies([{ name: 'partner_code', value: 'p1', url: url('flex') }]); // no identity step for partners
    await mock(context, '**/static/*-rules', 200, POLICY);
    await mock(context, '**/api/guest/**', 200, { result: 'ok' });
    await mock(context, '**/api/auth/signup', 200, { data: { me: { loginId: 'newbie01', nickname: '새싹', identityVerified: false, isForeigner: false, adult: false } } });
    await gotoHydrated(page, url('flex'));
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '회원으로 로그인' });
    await dialog.getByRole('tab', { name: '회원가입' }).click();
    await expect(dialog.getByRole('button', { name: '본인인증' })).toHaveCount(0);
    await dialog.getByLabel('아이디', { exact: true }).fill('newbie01');
    await dialog.getByLabel('비밀번호', { exact: true }).fill('Abcdef1!');
    await dialog.getByLabel('비밀번호 확인').fill('Abcdef1!');
    await dialog.getByLabel('닉네임').fill('새싹');
    await dialog.getByRole('checkbox', { name: '전체 동의' }).check();
    const sent = page.waitForRequest('**/api/auth/signup');
    await dialog.getByRole('button', { name: '가입하기' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ loginId: 'newbie01', nickname: '새싹', partnerCode: 'p1', isForeigner: false, terms: true, device: 'PCWEB' });
    await expect(dialog.getByRole('heading', { name: '회원가입이 완료되었습니다.' })).toBeVisible();
    await expect(dialog).toContainText('새싹님, 환영합니다!');
    await expect(dialog.getByRole('button', { name: '본인인증 하기' })).toBeVisible();
  });

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

  test('foreigner sign-up with a partner recommendId goes to the marketing page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await mock(context, '**/static/*-rules', 200, POLICY);
    await mock(context, '**/api/guest/loginId/**', 200, { result: 'ok' });
    await mock(context, '**/api/guest/nickname/**', 200, { result: 'ok' });
    await mock(context, '**/api/guest/refcode/**', 200, { result: 'ok' });
    await mock(context, '**/api/captcha/challenge', 200, { provider: 'local', id: 'c1', question: '1 + 1' });
    await mock(context, '**/v2/api/auth/signup/send-phone-verification', 200, {});
    await mock(context, '**/api/personal-auth/foreigner', 200, { phoneVerificationToken: 'pvt' });
    await mock(context, '**/api/auth/signup', 200, { data: { me: { loginId: 'abroad01', nickname: '한 글', identityVerified: false, isForeigner: true, adult: false } } });
    await gotoHydrated(page, url('flex', '/signup/foreigner?rId=partner1'));
    await page.getByLabel('ID', { exact: true }).fill('abroad01');
    await page.getByLabel('Password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Abcdef1!');
    await page.getByLabel('Name', { exact: true }).fill('Jane');
    await page.getByLabel('Nickname', { exact: true }).fill('한글');
    await page.getByLabel('Year').selectOption('1999');
    await page.getByLabel('Month').selectOption('3');
    await page.getByLabel('Day').selectOption('7');
    await page.getByLabel('Female').check();
    await page.getByLabel('Country code').selectOption({ label: 'Japan ( + 81 ) ' });
    await page.getByLabel('Phone number', { exact: true }).fill('9012345678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('dialog', { name: 'Security check' }).getByLabel('Answer').fill('2');
    await page.getByRole('dialog', { name: 'Security check' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Verification code', { exact: true }).fill('111111');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible();
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await page.getByRole('checkbox', { name: /personal information/ }).check();
    const sent = page.waitForRequest('**/api/auth/signup');
    const next = page.waitForRequest('**/completed/signup/marketing?recommendId=partner1');
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const body = (await sent).postDataJSON();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(900); // debounced 1 s
    expect(body).toMatchObject({
      loginId: 'abroad01',
      nickname: encodeURIComponent('한글'),
      name: 'Jane',
      birthday: '1999-03-07',
      gender: 'F',
      recommendId: 'partner1',
      countryCode: '81',
      phone: '9012345678',
      phoneVerificationToken: 'pvt',
      isForeigner: true,
      terms: 'essential',
      device: 'PCWEB',
    });
    await next;
    await context.close();
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

// SPEC §4: after login the page goes to the callback URL; the sign-in page without one goes home.
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
