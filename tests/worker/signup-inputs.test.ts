// What the sign-up calls take as the published contract writes them: the foreigner's URL-encoded nickname (decoded once), a person's
// name with its spaces, the phone code checked without its country calling code, and a partner's server signing its
// user up without terms (it attests the consent it recorded).
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import { sha256 } from '../../src/lib/crypto';
import { Browser, signUpMember } from './helpers';
import { uniqueDigits, uniqueTag } from './unique';

const outbox = async () => (await (await SELF.fetch('http://flex.localhost:8787/__dev/outbox')).json()) as Array<{ to: string; body: string }>;

async function captcha(browser: Browser): Promise<string> {
  const { id, question } = (await (await browser.fetch('/api/captcha/challenge')).json()) as { id: string; question: string };
  const [a, b] = question.split('+').map((n) => Number(n.trim()));
  return `${id}:${a! + b!}`;
}

/** Text a code to +countryCode phone and read it from the development outbox. */
async function codeSent(browser: Browser, countryCode: string, phone: string): Promise<string> {
  const sent = await browser.json('/v2/api/auth/signup/send-phone-verification', { countryCode, phone, captchaToken: await captcha(browser) });
  expect(sent.status, await sent.clone().text()).toBe(200);
  return /\d{6}/.exec((await outbox()).findLast((m) => m.to === `+${countryCode}${phone}`)!.body)![0];
}

/** A verified phone (Thailand, +66), as the foreigner form holds it after the code check. */
async function verifiedPhone(browser: Browser): Promise<{ countryCode: string; phone: string; phoneVerificationToken: string }> {
  const phone = `81${uniqueDigits().slice(-7)}`;
  const code = await codeSent(browser, '66', phone);
  const confirmed = await browser.json('/api/personal-auth/foreigner', { countryCode: '66', phone, code });
  return { countryCode: '66', phone, ...((await confirmed.json()) as { phoneVerificationToken: string }) };
}

/** The foreigner form's request: its nickname URL-encoded, as the form sends it. */
async function foreignerSignup(browser: Browser, nickname: string, extra: Record<string, unknown> = {}) {
  return browser.json('/api/auth/signup', {
    loginId: `abroad${uniqueTag()}`,
    password: 'Passw0rd!',
    nickname: encodeURIComponent(nickname),
    name: 'Jane Doe',
    birthday: '1990-02-03',
    gender: 'F',
    ...(await verifiedPhone(browser)),
    isForeigner: true,
    terms: 'essential',
    device: 'PCWEB',
    ...extra,
  });
}

const stored = (loginId: string) =>
  env.DB.prepare('SELECT nickname, name, country_code AS countryCode, terms_by AS termsBy, marketing_agreed AS marketing, identity_verified AS verified FROM members WHERE login_id = ?')
    .bind(loginId)
    .first<{ nickname: string; name: string; countryCode: string; termsBy: string | null; marketing: number; verified: number }>();
const loginIdOf = async (res: Response) => ((await res.json()) as { data: { me: { loginId: string } } }).data.me.loginId;
const errorOf = async (res: Response) => ((await res.json()) as { data: { error: string; field?: string } }).data;

describe('the foreigner sign-up nickname (URL-encoded by the form)', () => {
  it('is decoded once: Korean, symbols and a literal % are stored as typed', async () => {
    for (const nickname of ['한글', 'Jane&Co', '50%off', '가나다라마바사아자차', '(^^)+=~!']) {
      const res = await foreignerSignup(new Browser(), nickname);
      expect(res.status, `${nickname}: ${await res.clone().text()}`).toBe(200);
      expect((await stored(await loginIdOf(res)))!.nickname).toBe(nickname);
    }
  });

  it('keeps the 2-10 rule on the decoded text, in the caller language; Thai letters are not among its characters', async () => {
    for (const nickname of ['가나다라마바사아자차카', 'ก', 'สวัสดีครับ']) {
      const res = await foreignerSignup(new Browser(), nickname, {});
      expect(res.status, nickname).toBe(400);
      expect(await errorOf(res)).toEqual({ error: ko.validation.nickname.pattern, field: 'nickname' });
    }
  });

  it('refuses a malformed %-sequence with a clear 400 and creates nothing', async () => {
    const browser = new Browser();
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM members').first<{ n: number }>())!.n;
    const res = await browser.json(
      '/api/auth/signup',
      {
        loginId: `abroad${uniqueTag()}`,
        password: 'Passw0rd!',
        nickname: '%E0%A4%A',
        name: 'Jane',
        birthday: '1990-02-03',
        gender: 'F',
        ...(await verifiedPhone(browser)),
        isForeigner: true,
        terms: true,
      },
      'POST',
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ error: en.validation.signup.nicknameEncoding, field: 'nickname' });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM members').first<{ n: number }>())!.n).toBe(before);
  });

  it('a domestic nickname is taken as sent (it is not encoded)', async () => {
    const { res } = await signUpMember(new Browser(), { nickname: `50%${uniqueTag().slice(-4)}` });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stored(await loginIdOf(res)))!.nickname).toMatch(/^50%/);
  });
});

describe("a foreigner's name", () => {
  it('keeps the spaces between its parts: ends trimmed, runs made one space', async () => {
    const res = await foreignerSignup(new Browser(), `J${uniqueTag()}`, { name: '  John \t  Smith  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stored(await loginIdOf(res)))!.name).toBe('John Smith');
  });
});

describe('POST /api/personal-auth/foreigner {phone, code}', () => {
  it('checks the code against the country it was sent to, and the sign-up takes the token without the country either', async () => {
    const browser = new Browser();
    const phone = `82${uniqueDigits().slice(-7)}`;
    const code = await codeSent(browser, '66', phone);
    const wrong = await browser.json('/api/personal-auth/foreigner', { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await browser.json('/api/personal-auth/foreigner', { phone, code });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const { phoneVerificationToken, countryCode } = (await confirmed.json()) as { phoneVerificationToken: string; countryCode: string };
    expect(countryCode).toBe('66');
    const res = await browser.json('/api/auth/signup', {
      loginId: `abroad${uniqueTag()}`,
      password: 'Passw0rd!',
      nickname: `T${uniqueTag()}`,
      name: 'Somchai Jaidee',
      birthday: '1992-05-06',
      gender: 'M',
      phone,
      phoneVerificationToken,
      isForeigner: true,
      terms: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await stored(await loginIdOf(res)))!.countryCode).toBe('66');
  });

  it('without a code sent to that phone, is a wrong code', async () => {
    expect((await new Browser().json('/api/personal-auth/foreigner', { phone: `83${uniqueDigits().slice(-7)}`, code: '123456' })).status).toBe(400);
  });
});

describe('POST /api/auth/signup without terms', () => {
  const KEY = 'asp-test-key-for-campus-terms-0123456789';

  it("is taken from a partner's server calling with its key, which attests the consent it recorded; from anyone else it is refused", async () => {
    await env.DB.prepare("INSERT INTO asp_keys (partner_code, key_hash) VALUES ('campus', ?) ON CONFLICT(partner_code) DO UPDATE SET key_hash = excluded.key_hash")
      .bind(await sha256(KEY))
      .run();
    const body = () => ({ loginId: `cp${uniqueTag()}`, password: 'Passw0rd!', nickname: `캠${uniqueTag()}`, aspCode: 'campus', userkey: `cu-${uniqueTag()}` });
    const byPartner = await new Browser().fetch('/api/auth/signup', { method: 'POST', xsrf: false, headers: { 'content-type': 'application/json', 'x-asp-key': KEY }, body: JSON.stringify(body()) });
    expect(byPartner.status, await byPartner.clone().text()).toBe(200);
    // The tokens are for the partner's app, in the body: no cookie is set for its server.
    expect(byPartner.headers.getSetCookie().some((c) => c.startsWith('flx_oauth_access='))).toBe(false);
    const granted = (await byPartner.json()) as { access_token: string; data: { me: { loginId: string; identityVerified: boolean } } };
    expect(granted.access_token).toBeTruthy();
    expect(await stored(granted.data.me.loginId)).toMatchObject({ termsBy: 'campus', marketing: 0, verified: 0 });

    // A page (or anyone without the key) still has to send the terms.
    const browser = new Browser();
    await browser.open('/?partnerCode=campus');
    const res = await browser.json('/api/auth/signup', { loginId: `cp${uniqueTag()}`, password: 'Passw0rd!', nickname: `캠${uniqueTag()}` });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ error: ko.validation.terms.required, field: 'terms' });
    // And a member who ticked them on the form has no partner vouching for them.
    const ticked = await browser.json('/api/auth/signup', { loginId: `cp${uniqueTag()}`, password: 'Passw0rd!', nickname: `캠${uniqueTag()}`, terms: 'essential' });
    expect(ticked.status, await ticked.clone().text()).toBe(200);
    expect(await stored(await loginIdOf(ticked))).toMatchObject({ termsBy: null, marketing: 0 });
  });
});
