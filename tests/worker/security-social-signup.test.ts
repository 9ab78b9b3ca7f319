// Sign-up abuse through the providers: the per-address limit held password sign-ups only, so a script made accounts
// at will through POST /api/auth/signup/oauth/<provider> (a provider account is cheap), and had the limit's worth of
// password sign-ups on top by alternating. Both now take slots of one counter.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko.json';
import { app } from '../../src/app';
import { xsrfToken } from '../../src/proxy/xsrf';
import { issueTicket } from '../../src/api/services/social';
import { MAX_CLIENT_SIGNUPS } from '../../src/api/services/signup';
import { productionEnv } from './helpers';
import { securityRow } from './security-table';
import { uniqueTag } from './unique';

const members = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM members').first<{ n: number }>())!.n;

describe('sign-up limit per client address', () => {
  it(`social and password sign-ups share the ${MAX_CLIENT_SIGNUPS} an hour of one address`, async (context) => {
    const production = productionEnv();
    const device = '5a9e0f00d2';
    const xsrf = await xsrfToken(production.JWT_SECRET, device);
    // An address of this run's own (the benchmark range), so no other test's sign-ups count against it.
    const byte = () => crypto.getRandomValues(new Uint8Array(1))[0]!;
    const address = `198.18.${byte()}.${byte()}`;
    // A registered partner's cookie: no identity verification, which is what makes accounts cheap to script.
    const post = (path: string, body: unknown) =>
      app.request(
        `http://flex.localhost:8787${path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `flx_uuid=${device}; partner_code=toptoon`, 'x-xsrf-token': xsrf, 'cf-connecting-ip': address },
          body: JSON.stringify(body),
        },
        production,
      );
    const social = async () => {
      const tag = uniqueTag();
      const accessToken = await issueTicket(production, { provider: 'kakao', subject: `script-${tag}`, email: null, nickname: null });
      return post('/api/auth/signup/oauth/kakao', { accessToken, nickname: `카${tag}`, terms: 'essential' });
    };
    const password = () => {
      const tag = uniqueTag();
      return post('/api/auth/signup', { loginId: `alt${tag}`, password: 'Passw0rd!', nickname: `번${tag}`, isForeigner: false, terms: true, device: 'PCWEB' });
    };

    const before = await members();
    const socialTries = MAX_CLIENT_SIGNUPS + 2;
    const passwordTries = 4;
    // Alternating, all at once: social first, so on its own it would fill the limit.
    const answers = await Promise.all([...Array.from({ length: socialTries }, social), ...Array.from({ length: passwordTries }, password)]);
    const made = (await members()) - before;
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_CLIENT_SIGNUPS);
    expect(made).toBe(MAX_CLIENT_SIGNUPS);
    // The same refusal as the password sign-up's, in the published sign-up shape ({ data: { error } }).
    const socialRefusal = answers.slice(0, socialTries).find((r) => r.status === 429);
    expect(socialRefusal, String(statuses)).toBeDefined();
    expect(await socialRefusal!.json()).toEqual({ data: { error: ko.validation.signup.tooMany } });
    expect(statuses.filter((s) => s === 429)).toHaveLength(socialTries + passwordTries - MAX_CLIENT_SIGNUPS);
    securityRow(context, {
      area: 'signup',
      tried: `${socialTries} social (provider) and ${passwordTries} password sign-ups at once from one address (limit ${MAX_CLIENT_SIGNUPS} an hour, shared)`,
      letThrough: Math.max(0, made - MAX_CLIENT_SIGNUPS),
      pass: made === MAX_CLIENT_SIGNUPS,
    });
  });
});
