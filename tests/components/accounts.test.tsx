// The account screens' own behaviour, in a DOM without a browser or a server: client-side validation and its
// messages, the foreigner form's submit order, the birth and country selects, the sign-up and login modal tabs, and
// the UI's side of each API call, answered here (src/shared/account-api.ts is the contract).
// What needs Chromium or the real server (the API itself, layout, popups, hydration of server HTML, the bundle's
// contents, accessibility scans) is in tests/e2e/accounts-ui.spec.ts.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from './fake-api';
import { renderPage } from './render-page';

const POLICY = { title: '약관', body: '제1조 목적\n이 약관은 서비스 이용 조건을 정합니다.' };
/** The two policy texts the terms box loads before it shows its boxes. */
const POLICIES = { 'GET /static/service-rules': { body: POLICY }, 'GET /static/privacy-rules': { body: POLICY } };

/** What the sign-up pages' loader sends for flex (src/pages/pages.ts signupData), with `callbackURL` if asked. */
const signupData = (callbackURL: string | null = null) => ({ title: '회원가입', callbackURL, partnerCode: null, showForeignerTab: true });

/** Typing without a delay between keys: the form sees each key, as it does a person's. */
const person = () => userEvent.setup({ delay: null });
type Person = ReturnType<typeof person>;

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

/** Type a value into a labelled field (replacing what was there) and leave it: validation runs on blur. */
async function fillAndBlur(user: Person, label: string, value: string): Promise<void> {
  const input = field(label);
  await user.clear(input);
  if (value) await user.type(input, value);
  act(() => input.blur());
}

/** Focus one element, as Playwright's focus(): what was focused before is left (its blur runs). */
const focus = (element: HTMLElement) => act(() => element.focus());

/**
 * Click a button once it takes clicks, as Playwright does: the phone buttons (ActionButton) cool down for a moment
 * after each click, and a click on a disabled button does nothing.
 */
async function press(user: Person, name: string): Promise<void> {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

/** Choose the option shown exactly as `label` (the country list's labels end in a space). */
async function choose(user: Person, select: HTMLElement, label: string): Promise<void> {
  const option = [...(select as HTMLSelectElement).options].find((o) => o.textContent === label);
  if (!option) throw new Error(`no option "${label}"`);
  await user.selectOptions(select, option);
}

/** The values of a select's options but its empty placeholder. */
const optionValues = (select: HTMLElement) => [...(select as HTMLSelectElement).options].filter((o) => o.value).map((o) => Number(o.value));

/** What the page logs as errors from here on (React's own warnings included). */
function consoleErrors(): () => string[] {
  const spy = vi.spyOn(console, 'error');
  return () => spy.mock.calls.map((args) => args.map(String).join(' '));
}

/** The country list (the phone metadata loads with the form) has arrived. */
const countriesLoaded = () => waitFor(() => expect((screen.getByLabelText('Country code') as HTMLSelectElement).options.length).toBeGreaterThan(1));

describe('foreigner sign-up, in English', () => {
  const open = (path = '/signup/foreigner') => renderPage('SIGNUP_FOREIGNER', { path, locale: 'en', data: signupData() });

  it('shows each message on blur, tied to its field', async () => {
    const errors = consoleErrors();
    fakeApi(POLICIES);
    await open();
    const user = person();
    const id = field('ID');
    focus(id);
    act(() => id.blur());
    expect(id).toHaveAccessibleDescription('Please check ID.');
    await fillAndBlur(user, 'ID', 'abc');
    expect(id).toHaveAccessibleDescription('ID (6~15 characters, alphanumeric)');
    await fillAndBlur(user, 'ID', '1234567'); // digits only are refused
    expect(id).toHaveAccessibleDescription('ID (6~15 characters, alphanumeric)');

    const password = field('Password');
    focus(password);
    act(() => password.blur());
    expect(password).toHaveAccessibleDescription('Please check password.');
    await fillAndBlur(user, 'Password', 'short');
    expect(password).toHaveAccessibleDescription('Password (8~15 characters, including uppercase, lowercase, numbers, and special characters).');
    expect(password).toHaveAttribute('maxlength', '40');

    await fillAndBlur(user, 'Password', 'Abcdef1!');
    await fillAndBlur(user, 'Confirm password', 'Abcdef1!x');
    expect(field('Confirm password')).toHaveAccessibleDescription('The password does not match.');

    const nickname = field('Nickname');
    focus(nickname);
    act(() => nickname.blur());
    expect(nickname).toHaveAccessibleDescription('Please check nickname.');
    await fillAndBlur(user, 'Nickname', 'x');
    expect(nickname).toHaveAccessibleDescription('Nickname (2~10 characters, including Korean, English, numbers, and special characters).');

    const name = field('Name');
    focus(name);
    act(() => name.blur());
    expect(name).toHaveAccessibleDescription('Please check name.');

    focus(screen.getByLabelText('Year'));
    focus(field('Male')); // leaving the birth selects
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveAccessibleDescription('Please check birthday.');
    focus(screen.getByLabelText('Referrer (optional)')); // leaving the gender radios
    expect(screen.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Please check gender.');

    // Every input strips whitespace but a person's name, which keeps one space between its parts (its ends are trimmed when it is sent)
    await user.clear(name);
    await user.type(name, ' Jane  Doe ');
    expect(name).toHaveValue('Jane Doe ');
    expect(errors()).toEqual([]);
  });

  it('phone: number required before sending, captcha required before the code goes, digits only', async () => {
    fakeApi({ ...POLICIES, 'GET /api/captcha/challenge': { body: { provider: 'local', id: 'c1', question: '3 + 4' } } });
    await open();
    const user = person();
    const phone = field('Phone number');
    await press(user, 'Send code');
    expect(phone).toHaveAccessibleDescription('Please enter your phone number.');
    await user.type(phone, '010 12-34a5678');
    expect(phone).toHaveValue('01012345678');
    await user.type(field('Verification code'), '12 ab3');
    expect(field('Verification code')).toHaveValue('123');
    await press(user, 'Send code'); // still no country
    expect(phone).toHaveAccessibleDescription('Please enter your phone number.');

    await countriesLoaded();
    await choose(user, screen.getByLabelText('Country code'), 'South Korea ( + 82 ) ');
    await press(user, 'Send code');
    const captcha = screen.getByRole('dialog', { name: 'Security check' });
    expect(captcha).toHaveAttribute('open');
    await user.click(within(captcha).getByRole('button', { name: 'Confirm' }));
    expect(within(captcha).getByRole('alert')).toHaveTextContent('Verification is not complete. Try again.');
    await user.click(within(captcha).getByRole('button', { name: 'Cancel' }));
    expect(captcha).not.toHaveAttribute('open');
  });

  it('submit checks the four core fields first, then birthday, name, gender in that order', async () => {
    fakeApi(POLICIES);
    await open();
    const user = person();
    const submit = screen.getByRole('button', { name: 'Sign up' });
    await user.click(submit);
    expect(field('ID')).toHaveAccessibleDescription('Please check ID.');
    expect(field('Password')).toHaveAccessibleDescription('Please check password.');
    expect(field('Confirm password')).toHaveAccessibleDescription('Please check password.');
    expect(field('Nickname')).toHaveAccessibleDescription('Please check nickname.');
    expect(screen.queryByText('Please check birthday.')).toBeNull();

    // Typed but not left, so no duplicate check runs: these checks need no API.
    const typeAndSubmit = async (label: string, value: string) => {
      await user.type(field(label), value);
      await user.click(submit);
    };
    await user.type(field('ID'), 'uicheck01');
    await user.type(field('Password'), 'Abcdef1!');
    await user.type(field('Confirm password'), 'Abcdef1!');
    await typeAndSubmit('Nickname', 'ui12345');
    expect(screen.getByRole('group', { name: 'Date of birth' })).toHaveAccessibleDescription('Please check birthday.');
    expect(screen.queryByText('Please check name.')).toBeNull();
    expect(screen.queryByText('Please check gender.')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Year'), '2000');
    await user.selectOptions(screen.getByLabelText('Month'), '2');
    await user.selectOptions(screen.getByLabelText('Day'), '29');
    await user.click(submit);
    expect(field('Name')).toHaveAccessibleDescription('Please check name.');
    expect(screen.queryByText('Please check gender.')).toBeNull();

    await typeAndSubmit('Name', 'Jane');
    expect(screen.getByRole('group', { name: 'Gender' })).toHaveAccessibleDescription('Please check gender.');

    await user.click(field('Female'));
    await user.click(submit);
    expect(screen.getByRole('group', { name: 'Phone verification' })).toHaveAccessibleDescription('Please verify your phone number.');
  });

  it('birth selects: the last 100 years newest first, months 1-12, days 1-31', async () => {
    fakeApi(POLICIES);
    await open();
    const year = new Date().getFullYear();
    const years = optionValues(screen.getByLabelText('Year'));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(year);
    expect(years[99]).toBe(year - 99);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(optionValues(screen.getByLabelText('Month'))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(optionValues(screen.getByLabelText('Day'))).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  it('country calling codes: about 230 entries shown as "Name ( + code ) ", sorted by name', async () => {
    fakeApi(POLICIES);
    await open();
    const select = screen.getByLabelText('Country code') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length - 1).toBeGreaterThanOrEqual(200));
    const labels = [...select.options].filter((o) => o.value).map((o) => o.textContent ?? '');
    expect(labels.length).toBeLessThan(260);
    for (const label of labels) expect(label).toMatch(/^\S.* \( \+ \d{1,4} \) $/);
    expect(labels).toContain('South Korea ( + 82 ) ');
    expect(labels).toContain('Japan ( + 81 ) ');
    const names = labels.map((l) => l.replace(/ \( \+ \d+ \) $/, ''));
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('the referrer of a referral link is filled in', async () => {
    fakeApi(POLICIES);
    await open('/signup/foreigner?rId=friend01&callbackURL=%2Fx');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign up for foreigners');
    expect(screen.getByLabelText('Referrer (optional)')).toHaveValue('friend01');
  });
});

describe('domestic sign-up', () => {
  it('Korean messages on blur and on submit', async () => {
    const errors = consoleErrors();
    fakeApi(POLICIES);
    await renderPage('SIGNUP', { path: '/signup', data: signupData() });
    const user = person();
    const loginId = field('아이디');
    focus(loginId);
    act(() => loginId.blur());
    expect(loginId).toHaveAccessibleDescription('아이디를 확인해주세요.');
    await fillAndBlur(user, '아이디', 'ab');
    expect(loginId).toHaveAccessibleDescription('아이디는 6~15자 영문, 숫자입니다.');
    await fillAndBlur(user, '비밀번호', 'abc');
    expect(field('비밀번호')).toHaveAccessibleDescription('비밀번호는 8~15자 이내의 대 소문자,숫자,특수문자입니다.');
    await fillAndBlur(user, '비밀번호', 'Abcdef1!');
    await fillAndBlur(user, '비밀번호 확인', 'Abcdef1?');
    expect(field('비밀번호 확인')).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
    await fillAndBlur(user, '닉네임', '');
    expect(field('닉네임')).toHaveAccessibleDescription('닉네임을 확인해주세요.');
    await fillAndBlur(user, '닉네임', '가');
    expect(field('닉네임')).toHaveAccessibleDescription('닉네임은 2~10자 국문, 영문, 숫자, 특수문자입니다.');

    await screen.findByRole('checkbox', { name: '전체 동의' }); // the terms, once their texts have loaded
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(screen.getByRole('button', { name: '본인인증' })).toHaveAccessibleDescription('본인인증 후 회원가입이 가능합니다.');
    expect(screen.getByText('필수약관에 동의해주셔야 합니다.')).toBeVisible();
    expect(loginId).toHaveFocus(); // focus goes to the first field in error
    expect(errors()).toEqual([]);
  });

  it('the type tabs link to each other keeping the query; rId pre-fills the referrer', async () => {
    fakeApi(POLICIES);
    await renderPage('SIGNUP', { path: '/signup?rId=friend01&callbackURL=%2Fx', data: signupData('/x') });
    const tabs = screen.getByRole('navigation', { name: '회원 유형' });
    expect(within(tabs).getByRole('link', { name: '내국인' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: '외국인' })).toHaveAttribute('href', '/signup/foreigner?rId=friend01&callbackURL=%2Fx');
    expect(screen.getByLabelText('추천인 아이디 (선택)')).toHaveValue('friend01');
  });

  it('a brand without foreigner sign-up shows no foreigner tab', async () => {
    fakeApi(POLICIES);
    // bread's loader data: its brand has no foreigner sign-up (tests/worker/brand-features.test.ts checks the loader)
    await renderPage('SIGNUP', { path: '/signup', brand: 'bread', data: { ...signupData(), showForeignerTab: false } });
    expect(within(screen.getByRole('navigation', { name: '회원 유형' })).getAllByRole('link')).toHaveLength(1);
  });

  it('terms: agree-all toggles the three, each toggles it back, policies open in a dialog', async () => {
    fakeApi(POLICIES);
    await renderPage('SIGNUP', { path: '/signup', data: signupData() });
    const user = person();
    const all = await screen.findByRole('checkbox', { name: '전체 동의' });
    const boxes = ['서비스 이용약관 동의', '개인정보 수집 및 이용 동의', '마케팅 정보 수신 동의'].map((name) => screen.getByRole('checkbox', { name: new RegExp(name) }));
    await user.click(all);
    for (const box of boxes) expect(box).toBeChecked();
    await user.click(boxes[2]!);
    expect(all).not.toBeChecked();
    await user.click(boxes[2]!);
    expect(all).toBeChecked();
    await user.click(all);
    for (const box of boxes) expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: '서비스 이용약관 동의 보기' }));
    const policy = screen.getByRole('dialog', { name: '약관' });
    expect(policy).toHaveTextContent('제1조 목적');
    // A browser turns Esc in a modal dialog into its cancel event; happy-dom does not, so the event is sent here.
    act(() => void policy.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(policy).not.toHaveAttribute('open');
  });
});

describe('the UI against API answers', () => {
  it('duplicate ID and nickname are reported on blur (English)', async () => {
    const api = fakeApi({ ...POLICIES, 'GET /api/guest/loginId/*': { body: { result: 'overlap' } }, 'GET /api/guest/nickname/*': { body: { result: 'overlap' } } });
    await renderPage('SIGNUP_FOREIGNER', { path: '/signup/foreigner', locale: 'en', data: signupData() });
    const user = person();
    await fillAndBlur(user, 'ID', 'takenid01');
    await waitFor(() => expect(field('ID')).toHaveAccessibleDescription('ID that already exists.'));
    await fillAndBlur(user, 'Nickname', 'taken');
    await waitFor(() => expect(field('Nickname')).toHaveAccessibleDescription('Nickname that already exists.'));
    expect(api.calls('GET', '/api/guest/loginId/takenid01')).toHaveLength(1);
  });

  it('phone: captcha answer goes as id:answer, code sent toast, resend blocked, verified locks the buttons', async () => {
    const api = fakeApi({
      ...POLICIES,
      'GET /api/captcha/challenge': { body: { provider: 'local', id: 'c1', question: '4 + 8' } },
      'POST /v2/api/auth/signup/send-phone-verification': { body: { message: 'sent' } },
      'POST /api/personal-auth/foreigner': { body: { phoneVerificationToken: 'pvt' } },
    });
    await renderPage('SIGNUP_FOREIGNER', { path: '/signup/foreigner', locale: 'en', data: signupData() });
    const user = person();
    await countriesLoaded();
    await choose(user, screen.getByLabelText('Country code'), 'South Korea ( + 82 ) ');
    await user.type(field('Phone number'), '01012345678');
    await press(user, 'Send code');
    const captcha = screen.getByRole('dialog', { name: 'Security check' });
    await waitFor(() => expect(captcha).toHaveTextContent('4 + 8'));
    await user.type(within(captcha).getByLabelText('Answer'), '1 2');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The verification code has been sent.')).toHaveClass('toast');
    expect(api.calls('POST', '/v2/api/auth/signup/send-phone-verification').map((call) => call.body)).toEqual([{ countryCode: '82', phone: '01012345678', captchaToken: 'c1:12' }]);
    await press(user, 'Send code');
    expect(field('Phone number')).toHaveAccessibleDescription('Please try again later.');
    await user.type(field('Verification code'), '123456');
    await press(user, 'Verify code');
    expect(await screen.findByRole('img', { name: 'Verified' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeDisabled();
  });

  it('login errors follow the catalogue; success shows the event, then goes to the callbackURL', async () => {
    let answer: { status: number; body: unknown } = { status: 401, body: { status: 401, msg: 'FAIL', message: '', event: null } };
    const api = fakeApi({ 'POST /v2/api/auth/signin': () => answer });
    const { assigned } = await renderPage('SIGNIN', {
      path: '/signin?callbackURL=%2Fmember%2Ffind%2FfindId',
      data: { title: '회원으로 로그인', callbackURL: '/member/find/findId', invalidCallback: false, savedLoginId: null, socialProviders: [] },
    });
    const user = person();
    await user.type(field('아이디'), 'member01');
    await user.type(field('비밀번호'), 'Abcdef1!');
    const attempt = async (expected: string) => {
      await user.type(field('비밀번호'), '{Enter}');
      const alert = await screen.findByRole('dialog', { name: '알림' });
      expect(alert).toHaveTextContent(expected);
      await user.click(within(alert).getByRole('button', { name: '확인' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '알림' })).toBeNull());
    };
    await attempt('계정 정보가 올바르지 않습니다.');
    answer = { status: 401, body: { status: 401, msg: 'FAIL', message: '비밀번호 5회 오류', event: null } };
    await attempt('비밀번호 5회 오류');
    answer = { status: 423, body: { status: 423, msg: 'BLOCKED', message: '', event: null } };
    await attempt('차단된 계정입니다.');
    answer = { status: 200, body: { status: 200, msg: 'OK', message: '', event: { title: '출석 보상', body: '100벨을 받았습니다.' } } };
    await user.type(field('비밀번호'), '{Enter}');
    const event = await screen.findByRole('dialog', { name: '출석 보상' });
    expect(api.calls('POST', '/v2/api/auth/signin').at(-1)?.body).toEqual({ loginId: 'member01', password: 'Abcdef1!', loginKeep: false, saveId: false, device: 'PCWEB' });
    expect(event).toHaveTextContent('100벨을 받았습니다.');
    await user.click(within(event).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(assigned).toEqual(['/member/find/findId']));
  });

  it('sign-up in the login modal ends in the welcome panel', async () => {
    const api = fakeApi({
      ...POLICIES,
      'GET /api/guest/*': { body: { result: 'ok' } },
      'POST /api/auth/signup': { body: { data: { me: { loginId: 'newbie01', nickname: '새싹', identityVerified: false, isForeigner: false, adult: false } } } },
    });
    await renderPage('HOME', { path: '/', data: {}, cookies: { partner_code: 'p1' } }); // no identity step for partners
    const user = person();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const dialog = await screen.findByRole('dialog', { name: '회원으로 로그인' });
    await user.click(await within(dialog).findByRole('tab', { name: '회원가입' }));
    const nickname = await within(dialog).findByLabelText('닉네임');
    // The form reads the partner cookie once mounted (an effect), so the identity step goes a moment after the fields show.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '본인인증' })).toBeNull());
    await user.type(within(dialog).getByLabelText('아이디', { exact: true }), 'newbie01');
    await user.type(within(dialog).getByLabelText('비밀번호', { exact: true }), 'Abcdef1!');
    await user.type(within(dialog).getByLabelText('비밀번호 확인'), 'Abcdef1!');
    await user.type(nickname, '새싹');
    await user.click(await within(dialog).findByRole('checkbox', { name: '전체 동의' }));
    await user.click(within(dialog).getByRole('button', { name: '가입하기' }));
    expect(await within(dialog).findByRole('heading', { name: '회원가입이 완료되었습니다.' })).toBeVisible();
    expect(api.calls('POST', '/api/auth/signup')[0]?.body).toMatchObject({ loginId: 'newbie01', nickname: '새싹', partnerCode: 'p1', isForeigner: false, terms: true, device: 'PCWEB' });
    expect(dialog).toHaveTextContent('새싹님, 환영합니다!');
    expect(within(dialog).getByRole('button', { name: '본인인증 하기' })).toBeVisible();
  });

  it('foreigner sign-up with a partner recommendId goes to the marketing page', async () => {
    const api = fakeApi({
      ...POLICIES,
      'GET /api/guest/loginId/*': { body: { result: 'ok' } },
      'GET /api/guest/nickname/*': { body: { result: 'ok' } },
      'GET /api/guest/refcode/*': { body: { result: 'ok' } },
      'GET /api/captcha/challenge': { body: { provider: 'local', id: 'c1', question: '1 + 1' } },
      'POST /v2/api/auth/signup/send-phone-verification': { body: {} },
      'POST /api/personal-auth/foreigner': { body: { phoneVerificationToken: 'pvt' } },
      'POST /api/auth/signup': { body: { data: { me: { loginId: 'abroad01', nickname: '한 글', identityVerified: false, isForeigner: true, adult: false } } } },
    });
    const { assigned } = await renderPage('SIGNUP_FOREIGNER', { path: '/signup/foreigner?rId=partner1', locale: 'en', data: signupData() });
    const user = person();
    await user.type(field('ID'), 'abroad01');
    await user.type(field('Password'), 'Abcdef1!');
    await user.type(field('Confirm password'), 'Abcdef1!');
    await user.type(field('Name'), 'Jane');
    await user.type(field('Nickname'), '한글');
    await user.selectOptions(screen.getByLabelText('Year'), '1999');
    await user.selectOptions(screen.getByLabelText('Month'), '3');
    await user.selectOptions(screen.getByLabelText('Day'), '7');
    await user.click(field('Female'));
    await countriesLoaded();
    await choose(user, screen.getByLabelText('Country code'), 'Japan ( + 81 ) ');
    await user.type(field('Phone number'), '9012345678');
    await press(user, 'Send code');
    const captcha = screen.getByRole('dialog', { name: 'Security check' });
    await waitFor(() => expect(within(captcha).getByLabelText('Answer')).toBeEnabled());
    await user.type(within(captcha).getByLabelText('Answer'), '2');
    await user.click(within(captcha).getByRole('button', { name: 'Confirm' }));
    await user.type(field('Verification code'), '111111');
    await press(user, 'Verify code');
    expect(await screen.findByRole('img', { name: 'Verified' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /personal information/ }));
    const clicked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(api.calls('POST', '/api/auth/signup')).toHaveLength(1));
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(900); // debounced 1 s
    expect(api.calls('POST', '/api/auth/signup')[0]?.body).toMatchObject({
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
    await waitFor(() => expect(assigned).toEqual(['/completed/signup/marketing?recommendId=partner1']));
  });
});

describe('sign-in, find ID and the identity form, without the API', () => {
  it('sign-in page: the form, saved fields, Enter submits, and a sign-up link keeping the query', async () => {
    const api = fakeApi({});
    await renderPage('SIGNIN', {
      path: '/signin?callbackURL=%2Fchannel%2F3',
      data: { title: '회원으로 로그인', callbackURL: '/channel/3', invalidCallback: false, savedLoginId: null, socialProviders: [] },
    });
    const user = person();
    expect(screen.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/signup?callbackURL=%2Fchannel%2F3');
    expect(screen.getByRole('link', { name: '아이디 찾기 & 비밀번호 찾기' })).toHaveAttribute('href', '/member/find/findId');
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('로그인 유지')).not.toBeChecked();
    await user.type(field('아이디'), '{Enter}');
    const alert = await screen.findByRole('dialog', { name: '알림' });
    expect(alert).toHaveTextContent('아이디를 확인해주세요.');
    await user.click(within(alert).getByRole('button', { name: '확인' }));
    expect(api.calls('POST', '/v2/api/auth/signin')).toEqual([]);
  });

  it('the login modal shows the login form, then the sign-up form; closed and opened again, the login form', async () => {
    fakeApi(POLICIES);
    await renderPage('HOME', { path: '/', data: {} });
    const user = person();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const dialog = await screen.findByRole('dialog', { name: '회원으로 로그인' });
    expect(await within(dialog).findByLabelText('아이디', { exact: true })).toBeVisible();
    expect(within(dialog).getByLabelText('아이디 저장')).toBeVisible();
    await user.click(within(dialog).getByRole('tab', { name: '회원가입' }));
    const panel = within(dialog).getByRole('tabpanel');
    expect(await within(panel).findByLabelText('닉네임')).toBeVisible();
    expect(within(panel).getByRole('link', { name: /외국인 회원가입/ })).toHaveAttribute('href', '/signup/foreigner');
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(within(dialog).getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByLabelText('비밀번호')).toBeVisible();
  });

  it('find password asks for the ID before identity verification, without the API', async () => {
    const api = fakeApi({});
    await renderPage('FIND_ID', { path: '/member/find/findId', data: { title: '아이디/비밀번호 찾기', showForeigner: false, member: 'domestic' } });
    const user = person();
    expect(screen.getByRole('heading', { name: '아이디 찾기' })).toBeVisible();
    const section = screen.getByRole('region', { name: '비밀번호 찾기' });
    await user.click(within(section).getByRole('button', { name: '본인인증' }));
    expect(within(section).getByLabelText('아이디', { exact: true })).toHaveAccessibleDescription('아이디를 확인해주세요.');
    expect(api.sent).toEqual([]);
  });

  it('the identity form says what is missing', async () => {
    const api = fakeApi({});
    await renderPage('PERSONAL_AUTH', { path: '/my/personal-auth?type=personal&session=test', data: { title: '본인인증', type: 'personal', provider: 'niceId', loginId: null, session: 'test' } });
    const user = person();
    await user.click(screen.getByRole('button', { name: '인증 완료하기' }));
    expect(screen.getByLabelText('이름')).toHaveAccessibleDescription('이름을 확인해주세요.');
    expect(screen.getByLabelText('생년월일')).toHaveAccessibleDescription('생년월일을 확인해주세요.');
    expect(screen.getByLabelText('휴대폰 번호')).toHaveAccessibleDescription('휴대폰 번호를 입력해주세요.');
    expect(api.sent).toEqual([]);
  });
});
