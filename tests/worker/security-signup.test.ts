// Sign-up abuse: unverified accounts made at will (a partner_code cookie skipped identity verification whatever it
// named, and nothing limited a client), and partner users squatted (the first sign-up naming {aspCode, userkey} kept
// the binding, on the body's word alone).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko.json';
import { app } from '../../src/app';
import { sha256 } from '../../src/lib/crypto';
import { xsrfToken } from '../../src/proxy/xsrf';
import { aspSignupToken, ASP_SIGNUP_TOKEN_TTL_S } from '../../src/api/services/asp';
import { MAX_CLIENT_SIGNUPS } from '../../src/api/services/signup';
import { Browser, productionEnv, signUpMember } from './helpers';
import { securityRow } from './security-table';
import { uniqueTag } from './unique';

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const errorOf = async (res: Response) => ((await res.json()) as { data: { error: string } }).data.error;

/** A sign-up without identity verification, as a page sends it. */
const unverified = (tag = uniqueTag()) => ({ loginId: `plain${tag}`, password: 'Passw0rd!', nickname: `무인${tag}`, isForeigner: false, terms: true, device: 'PCWEB' });

describe('sign-up without identity verification', () => {
  it('a partner_code cookie skips verification only when it names a registered partner', async (context) => {
    const forged = ['nosuchpartner', 'TOPTOON', 'toptoon2'];
    const through: string[] = [];
    for (const code of forged) {
      const browser = new Browser();
      await browser.open('/');
      browser.jar.set('partner_code', code);
      const before = await count('members');
      const res = await browser.json('/api/auth/signup', unverified());
      if (res.status === 200) through.push(code);
      expect(res.status, code).toBe(400);
      expect(await errorOf(res)).toBe(ko.validation.identity.required);
      expect(await count('members')).toBe(before);
    }
    const partnered = new Browser();
    await partnered.open('/');
    partnered.jar.set('partner_code', 'toptoon');
    const res = await partnered.json('/api/auth/signup', unverified());
    expect(res.status, await res.clone().text()).toBe(200);
    const { profile } = (await (await partnered.fetch('/api/my/profile')).json()) as { profile: { identityVerified: boolean; partnerCode: string } };
    expect(profile).toMatchObject({ identityVerified: false, partnerCode: 'toptoon' });
    securityRow(context, {
      area: 'signup',
      tried: `sign-up without identity verification under partner_code cookies no partner has (${forged.join(', ')})`,
      letThrough: through.length ? through.join(', ') : 0,
      pass: through.length === 0,
    });
  });

  it(`one client address makes at most ${MAX_CLIENT_SIGNUPS} accounts an hour, however many arrive at once and whatever address it claims`, async (context) => {
    await env.DB.prepare("DELETE FROM login_client_attempts WHERE client_key LIKE 'signup:%'").run();
    const production = productionEnv();
    const device = '5a9e0f00d1';
    const xsrf = await xsrfToken(production.JWT_SECRET, device);
    const signupFrom = (address: string, claim: Record<string, string> = {}) =>
      app.request(
        'http://flex.localhost:8787/api/auth/signup',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `flx_uuid=${device}; partner_code=toptoon`, 'x-xsrf-token': xsrf, 'cf-connecting-ip': address, ...claim },
          body: JSON.stringify(unverified()),
        },
        production,
      );
    const before = await count('members');
    const tries = MAX_CLIENT_SIGNUPS + 6;
    // Every other one claims another address in a header a client writes (Cloudflare's CF-Connecting-IP is the one read).
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => signupFrom('203.0.113.7', i % 2 ? { 'x-forwarded-for': `198.51.100.${i}`, 'x-client-ip': `198.51.100.${i}` } : {})));
    const statuses = answers.map((r) => r.status);
    const made = statuses.filter((s) => s === 200).length;
    expect(made).toBe(MAX_CLIENT_SIGNUPS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - MAX_CLIENT_SIGNUPS);
    expect(await errorOf(answers.find((r) => r.status === 429)!)).toBe(ko.validation.signup.tooMany);
    expect(await count('members')).toBe(before + MAX_CLIENT_SIGNUPS);
    // IPv6: the /64 is one subscriber's.
    const v6 = await Promise.all([signupFrom('2001:db8:1:2::a'), signupFrom('2001:db8:1:2::b')]);
    expect(v6.map((r) => r.status)).toEqual([200, 200]);
    // Another client is not held by this one's count.
    expect((await signupFrom('203.0.113.8')).status).toBe(200);
    securityRow(context, {
      area: 'signup',
      tried: `${tries} sign-ups at once from one address, half claiming others in X-Forwarded-For / X-Client-IP (limit ${MAX_CLIENT_SIGNUPS} an hour)`,
      letThrough: Math.max(0, made - MAX_CLIENT_SIGNUPS),
      pass: made === MAX_CLIENT_SIGNUPS,
    });
  });
});

describe('ASP partner users', () => {
  const KEY = 'asp-test-key-for-toptoon-squat-0123456789';
  const withKey = (path: string, body: unknown, key = KEY) =>
    new Browser().fetch(path, { method: 'POST', xsrf: false, headers: { 'content-type': 'application/json', 'x-asp-key': key }, body: JSON.stringify(body) });
  const bindingOf = (userkey: string) => env.DB.prepare("SELECT member_id AS memberId FROM asp_members WHERE partner_code = 'toptoon' AND userkey = ?").bind(userkey).first<{ memberId: number }>();
  const memberIdOf = async (loginId: string) => (await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>())?.id;

  it("a userkey is bound only on the partner's proof (its token or key), and only once", async (context) => {
    await env.DB.prepare("INSERT INTO asp_keys (partner_code, key_hash) VALUES ('toptoon', ?) ON CONFLICT(partner_code) DO UPDATE SET key_hash = excluded.key_hash")
      .bind(await sha256(KEY))
      .run();
    const victim = `tt-victim-${uniqueTag()}`;
    const token = async (userkey: string) => ((await (await withKey('/v4/api/asp/signup-token', { aspCode: 'toptoon', userkey })).json()) as { aspToken: string }).aspToken;
    const expired = (await aspSignupToken(env.JWT_SECRET, 'toptoon', victim, Date.now() - (ASP_SIGNUP_TOKEN_TTL_S + 1) * 1000)).aspToken;
    const [valid, ...mac] = (await token(victim)).split('.');
    const squats: Array<[string, Record<string, unknown>, Record<string, string>?]> = [
      ['the sign-up body alone', { aspCode: 'toptoon', userkey: victim }],
      ['a made-up token', { aspCode: 'toptoon', userkey: victim, aspToken: `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}` }],
      ["a token for the squatter's own userkey", { aspCode: 'toptoon', userkey: victim, aspToken: await token(`tt-own-${uniqueTag()}`) }],
      ["the victim's token under another partner's name", { aspCode: 'campus', userkey: victim, aspToken: await token(victim) }],
      ["the victim's token with a later expiry", { aspCode: 'toptoon', userkey: victim, aspToken: `${Number(valid) + 3600}.${mac.join('.')}` }],
      ['an expired token', { aspCode: 'toptoon', userkey: victim, aspToken: expired }],
      ['a wrong partner key', { aspCode: 'toptoon', userkey: victim }, { 'x-asp-key': `${KEY}x` }],
    ];
    const through: string[] = [];
    for (const [what, claim, headers] of squats) {
      const before = await count('members');
      const { res } = await signUpMember(new Browser(), claim, undefined);
      if (headers) {
        // The partner's server itself, with a key that is not the partner's.
        const direct = await new Browser().fetch('/api/auth/signup', {
          method: 'POST',
          xsrf: false,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ ...unverified(), ...claim }),
        });
        expect(direct.status, what).toBe(400);
      }
      if (res.status === 200 || (await bindingOf(victim))) through.push(what);
      expect(res.status, what).toBe(400);
      expect(await errorOf(res)).toBe(ko.validation.signup.aspProof);
      expect(await count('members'), what).toBe(before);
    }
    expect(await bindingOf(victim)).toBeNull();

    // The victim, sent by the partner with its token, gets the binding.
    const owner = await signUpMember(new Browser(), { aspCode: 'toptoon', userkey: victim, aspToken: await token(victim) });
    expect(owner.res.status, await owner.res.clone().text()).toBe(200);
    expect((await bindingOf(victim))?.memberId).toBe(await memberIdOf(owner.loginId));
    // A second account for the same partner user is refused, even with a valid token, and nothing is made.
    const before = await count('members');
    const second = await signUpMember(new Browser(), { aspCode: 'toptoon', userkey: victim, aspToken: await token(victim) });
    expect(second.res.status).toBe(409);
    expect(await errorOf(second.res)).toBe(ko.validation.signup.aspTaken);
    expect(await count('members')).toBe(before);
    expect((await bindingOf(victim))?.memberId).toBe(await memberIdOf(owner.loginId));
    // The partner's server gets the owner's session for its user.
    const granted = (await (await withKey('/v4/api/asp/accesstoken', { aspCode: 'toptoon', userkey: victim })).json()) as { access_token: string };
    const user = new Browser();
    user.jar.set('flx_oauth_access', granted.access_token);
    expect(((await (await user.fetch('/api/my/profile')).json()) as { profile: { loginId: string } }).profile.loginId).toBe(owner.loginId);

    securityRow(context, {
      area: 'signup',
      tried: `binding another's partner user at sign-up: ${squats.map(([what]) => what).join('; ')}; a second account for a bound user`,
      letThrough: through.length ? through.join(', ') : 0,
      pass: through.length === 0,
    });
  });
});
