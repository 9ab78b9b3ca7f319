import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import { Browser, ok, signUpMember, solveCaptcha, verifyPhone } from './helpers';
import { uniqueDigits, uniqueTag } from './unique';

// Foreign members verify through the internal provider, the phone code of their sign-up, not NICE: find ID and find
// password take the phone they registered (country calling code and digits) with the token its code gave.

const en_ = { 'accept-language': 'en' };

async function signUpForeigner() {
  const browser = new Browser();
  const tag = uniqueTag();
  const countryCode = '44';
  const phone = `7700${uniqueDigits()}`;
  const phoneVerificationToken = await verifyPhone(browser, countryCode, phone);
  const loginId = `fr${tag}`;
  await ok(
    await browser.json('/api/auth/signup', {
      loginId,
      password: 'Passw0rd!',
      nickname: `Fr${tag}`,
      name: 'Jane Doe',
      birthday: '1990-02-03',
      gender: 'F',
      phone,
      countryCode,
      phoneVerificationToken,
      isForeigner: true,
      terms: true,
      device: 'PCWEB',
    }),
  );
  return { loginId, countryCode, phone };
}

/** The phone's 60 s send lock has passed (the code of an earlier step was sent a minute ago). */
async function lockPassed(countryCode: string, phone: string) {
  await env.DB.prepare('UPDATE phone_verifications SET sent_at = sent_at - 60000 WHERE phone_key = ?').bind(`${countryCode}:${phone}`).run();
}

const masked = (id: string) => `${id.slice(0, 2)}${'*'.repeat(id.length - 4)}${id.slice(-2)}`;

describe('find ID and password of a foreign member', () => {
  it('finds the masked ID by the registered phone and resets the password through its code', { timeout: 30_000 }, async () => {
    const { loginId, countryCode, phone } = await signUpForeigner();
    const browser = new Browser();
    await lockPassed(countryCode, phone);
    const idToken = await verifyPhone(browser, countryCode, phone);
    expect(await ok(await browser.json('/api/auth/signin/find-id/confirm', { countryCode, phone, phoneVerificationToken: idToken }))).toEqual({ loginIds: [masked(loginId)] });
    // The token was used up.
    expect((await browser.json('/api/auth/signin/find-id/confirm', { countryCode, phone, phoneVerificationToken: idToken })).status).toBe(400);

    await lockPassed(countryCode, phone);
    const pwToken = await verifyPhone(browser, countryCode, phone);
    const { authToken } = await ok<{ authToken: string }>(await browser.json('/api/auth/signin/find-password/confirm', { loginId, countryCode, phone, phoneVerificationToken: pwToken }));
    await ok(await browser.json('/api/oauth/password', { loginId, authToken, password: 'NewPassw0rd!' }, 'PUT'));
    const signin = await new Browser().json('/v2/api/auth/signin', { loginId, password: 'NewPassw0rd!', loginKeep: false, saveId: false, device: 'PCWEB' });
    expect(signin.status).toBe(200);
  });

  it("sends codes under sign-up's lock, refuses in the caller's language and tells no more than the domestic flow", { timeout: 30_000 }, async () => {
    const member = await signUpForeigner();
    const domesticPhone = `010${uniqueDigits()}`;
    const domestic = await signUpMember(new Browser(), {}, { name: '이도윤', birthday: '1991-03-04', gender: 'M', phone: domesticPhone });
    const browser = new Browser();

    // The phone code's own send lock: sign-up's code went to this phone moments ago.
    const soon = await browser.json('/v2/api/auth/signup/send-phone-verification', { ...member, captchaToken: await solveCaptcha(browser) }, 'POST', { headers: en_ });
    expect(soon.status).toBe(429);
    expect(await soon.json()).toMatchObject({ error: { message: en.validation.phone.tooSoon } });

    // A bad token: the same refusal for find ID and find password, in the caller's language.
    const bad = { countryCode: member.countryCode, phone: member.phone, phoneVerificationToken: 'not-a-token' };
    const badId = await browser.json('/api/auth/signin/find-id/confirm', bad, 'POST', { headers: en_ });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ error: { message: en.validation.phone.notVerified } });
    const badPw = await browser.json('/api/auth/signin/find-password/confirm', { ...bad, loginId: member.loginId });
    expect(badPw.status).toBe(400);
    const refusal = await badPw.json();
    expect(refusal).toMatchObject({ error: { message: ko.validation.phone.notVerified } });

    // A phone no foreign member registered: no ID, as an identity no one registered (find.noIds).
    const strangerPhone = `7700${uniqueDigits()}`;
    expect(
      await ok(await browser.json('/api/auth/signin/find-id/confirm', { countryCode: '44', phone: strangerPhone, phoneVerificationToken: await verifyPhone(browser, '44', strangerPhone) })),
    ).toEqual({
      loginIds: [],
    });
    // A verified phone proves no one else's account: the member's ID, an unknown ID, a domestic member's (on the phone
    // they verified through NICE: a phone alone never resets a domestic account) all answer the bad token's refusal.
    for (const [loginId, countryCode, phone] of [
      [member.loginId, '44', `7700${uniqueDigits()}`],
      [`nobody${uniqueTag()}`, member.countryCode, `7700${uniqueDigits()}`],
      [domestic.loginId, '82', domesticPhone],
    ] as const) {
      const phoneVerificationToken = await verifyPhone(browser, countryCode, phone);
      const res = await browser.json('/api/auth/signin/find-password/confirm', { loginId, countryCode, phone, phoneVerificationToken });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(refusal);
    }
    await lockPassed('82', domesticPhone);
    expect(
      await ok(await browser.json('/api/auth/signin/find-id/confirm', { countryCode: '82', phone: domesticPhone, phoneVerificationToken: await verifyPhone(browser, '82', domesticPhone) })),
    ).toEqual({
      loginIds: [],
    });
  });
});
