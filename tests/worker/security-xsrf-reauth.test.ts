// Security rows for cross-site requests and fresh proof: the GETs that write (the published contract keeps them GETs) need the XSRF
// header like any unsafe call, since a link or an image on another site makes the browser send a GET with the
// member's Lax cookies and not every browser says Sec-Fetch-Site.
import { env } from 'cloudflare:test';
import { apiApp } from '../../src/api/app';
import { sha256 } from '../../src/lib/crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditPurchase, gift } from '../../src/api/services/ledger';
import { requestWithdrawal, setBankAccount } from '../../src/api/services/payouts';
import { STATE_CHANGING_GETS } from '../../src/shared/account-api';
import type { Browser } from './helpers';
import { checkout, confirm, order, successBody } from './pg-fixtures';
import { securityRow } from './security-table';
import { apiRoutes, changedTables, dbDigest, listed } from './security-sweep';
import { uniqueTag } from './unique';
import { json, liveChannel, signedIn } from './watch-fixtures';
import { devIdentity, signUpMember } from './helpers';

type Member = Awaited<ReturnType<typeof signedIn>>;

interface WritingGet {
  /** The call as the member's own page makes it. */
  path: string;
  /** What it changed, read from D1 after the call with the header. */
  changed: () => Promise<boolean>;
}

let member: Member;
let calls: WritingGet[];

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const scalar = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ v: unknown }>()
  )?.v;

/** A member with one of everything a writing GET acts on: messages, a payment, a withdrawal, an order, an invite. */
async function fixtures(): Promise<WritingGet[]> {
  const sender = await signedIn();
  const first = await json<{ message: { id: number } }>(await sender.browser.json('/api/my/messages', { loginId: member.loginId, content: '첫 쪽지' }));
  await sender.browser.json('/api/my/messages', { loginId: member.loginId, content: '둘째 쪽지' });

  const created = await order(member.browser);
  const paid = await json<{ payment: { paymentId: number } }>(await confirm(member.browser, successBody(await checkout(member.browser, created, 'approve'))));
  const failing = await order(member.browser);
  await checkout(member.browser, failing, 'fail');

  const tag = uniqueTag();
  await creditPurchase(env.DB, { memberId: sender.id, amount: 300, key: `xsrf-buy:${tag}` });
  await gift(env.DB, { from: sender.id, to: member.id, amount: 300, key: `xsrf-gift:${tag}` });
  await setBankAccount(env.DB, member.id, { bank_code: '088', bank_account: '110-123-456789', bank_holder_name: '김하늘' });
  const { withdrawal } = await requestWithdrawal(env.DB, member.id, { amount: 200, idempotencyKey: `xsrf${tag}`.padEnd(8, '0') });

  const agency = await signedIn();
  const channel = await liveChannel({ ownerId: member.id, password: '1234' });
  await env.DB.prepare('INSERT INTO agencies (member_id, name, created_at) VALUES (?, ?, 0)').bind(agency.id, `소속사${tag}`).run();
  const inviteId = (await env.DB.prepare('INSERT INTO agency_invites (agency_id, channel_id, creator_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(agency.id, channel.id, member.id, Date.now(), Date.now() + 86_400_000)
    .first<{ id: number }>())!.id;
  const viewer = await liveChannel({ password: '5678' });
  const deviceId = member.browser.jar.get('flx_uuid')!;
  const identityRows = () => count('SELECT COUNT(*) AS n FROM identity_sessions');
  const identityBefore = await identityRows();
  const captchaBefore = await count('SELECT COUNT(*) AS n FROM captcha_challenges');

  return [
    { path: `/api/my/messages/delete?id=${first.message.id}`, changed: async () => (await count('SELECT COUNT(*) AS n FROM messages WHERE id = ? AND receiver_deleted = 0', first.message.id)) === 0 },
    {
      path: '/api/my/messages/alldelete?division=receive',
      changed: async () => (await json<{ items: unknown[] }>(await member.browser.fetch('/api/my/messages?division=receive'))).items.length === 0,
    },
    {
      path: `/api/shoppings/flax/payments-cancel?paymentId=${paid.payment.paymentId}`,
      changed: async () => (await scalar('SELECT refunded_luv AS v FROM payments WHERE order_id = ?', created.orderId)) === 100,
    },
    {
      path: `/api/luv/withdraw-cancel?withdrawId=${withdrawal.withdrawId}`,
      changed: async () => (await scalar('SELECT status AS v FROM payouts WHERE id = ?', withdrawal.withdrawId)) === 'cancelled',
    },
    {
      path: `/v2/api/guest/payment-failure?orderId=${failing.orderId}&code=PAY_PROCESS_CANCELED`,
      changed: async () => (await scalar('SELECT status AS v FROM payments WHERE order_id = ?', failing.orderId)) === 7,
    },
    { path: `/api/my/agency-invites/${inviteId}`, changed: async () => (await scalar('SELECT read_at AS v FROM agency_invites WHERE id = ?', inviteId)) !== null },
    {
      path: `/api/guest/live-Auth?channelId=${viewer.id}&password=0000`,
      changed: async () => (await count('SELECT COUNT(*) AS n FROM live_auth_attempts WHERE channel_id = ? AND device_id = ?', viewer.id, deviceId)) === 1,
    },
    { path: `/api/guest/pincrux?appkey=APP${tag}&pinkey=PIN${tag}`, changed: async () => (await count('SELECT COUNT(*) AS n FROM pincrux_visits WHERE appkey = ?', `APP${tag}`)) === 1 },
    { path: '/api/personal-auth?type=personal', changed: async () => (await identityRows()) > identityBefore },
    { path: '/api/auth/signup/personal-auth?type=personal-signup', changed: async () => (await identityRows()) > identityBefore + 1 },
    { path: `/api/auth/signin/find?loginId=${member.loginId}&type=password`, changed: async () => (await identityRows()) > identityBefore + 2 },
    { path: '/api/captcha/challenge', changed: async () => (await count('SELECT COUNT(*) AS n FROM captcha_challenges')) > captchaBefore },
  ];
}

/** The forged request: the member's cookies go along (a link, an image, a form by GET), no XSRF header. */
const forged = (browser: Browser, path: string, init: RequestInit = {}) => browser.fetch(path, { ...init, xsrf: false });

beforeAll(async () => {
  member = await signedIn();
  calls = await fixtures();
});

describe('GETs that write need the XSRF header', () => {
  it('every listed pattern names a GET the API answers, and the test covers each', () => {
    const gets = apiRoutes()
      .filter((r) => r.method === 'GET')
      .map((r) => r.path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, '1'));
    for (const pattern of STATE_CHANGING_GETS) {
      expect(
        gets.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true);
      expect(
        calls.some((c) => pattern.test(c.path.split('?')[0]!)),
        String(pattern),
      ).toBe(true);
    }
  });

  it('without it (or as HEAD, or with the path percent-escaped), each is refused and nothing is written', async (context) => {
    const before = await dbDigest();
    const through: string[] = [];
    for (const { path } of calls) {
      const [pathname, query] = path.split('?');
      const escaped = `${pathname!.replace(/-/g, '%2D')}${query ? `?${query}` : ''}`;
      for (const [name, res] of [
        ['GET', await forged(member.browser, path)],
        ['HEAD', await forged(member.browser, path, { method: 'HEAD' })],
        ['escaped', await forged(member.browser, escaped)],
        ['wrong token', await forged(member.browser, path, { headers: { 'x-xsrf-token': 'forged' } })],
      ] as const) {
        const code = res.status === 403 && name !== 'HEAD' ? ((await res.json()) as { error?: { code?: string } }).error?.code : undefined;
        if (res.status !== 403 || (name !== 'HEAD' && code !== 'XSRF')) through.push(`${name} ${pathname} ${res.status}`);
      }
    }
    const written = changedTables(before, await dbDigest());
    securityRow(context, {
      area: 'csrf',
      tried: `the GETs that write (${calls.length}: message deletes, payment and withdrawal cancels, …) as another site's link makes them: no X-XSRF-TOKEN, a wrong one, HEAD, %-escaped path`,
      letThrough: listed([...through, ...written.map((t) => `${t} written`)]),
      pass: through.length === 0 && written.length === 0,
    });
    expect(through).toEqual([]);
    expect(written).toEqual([]);
  });

  it("with it, each works as the member's own page calls it", async () => {
    for (const call of calls) {
      const res = await member.browser.fetch(call.path);
      expect(res.status, `${call.path} ${await res.clone().text()}`).toBe(call.path.includes('live-Auth') ? 403 : 200);
      expect(await call.changed(), call.path).toBe(true);
    }
  });
});

/** A login made straight at the API (an app's), its tokens in the answer. */
async function appLogin(loginId: string, password: string) {
  const res = await apiApp.request('/v2/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password, loginKeep: false }) }, env);
  return (await res.json()) as { access_token: string; refresh_token: string; refresh_max_age: number };
}
const bearerCall = (token: string, path: string, body: unknown, method = 'POST') =>
  apiApp.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }, env);
const refreshWith = (refreshToken: string) =>
  apiApp.request('/api/oauth/refresh', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ refreshToken }).toString() }, env);

describe('a stolen access token', () => {
  it('gets from POST /api/oauth/generate no login of its own: the pair lives and ends with the login it came from', async (context) => {
    const { loginId, password } = await signUpMember();
    const login = await appLogin(loginId, password);
    const res = await bearerCall(login.access_token, '/api/oauth/generate', { userId: loginId });
    expect(res.status).toBe(200);
    const handed = (await res.json()) as { refresh_token: string; refresh_max_age: number };
    const family = async (token: string) => scalar('SELECT family_id AS v FROM refresh_tokens WHERE token_hash = ?', await sha256(token));
    const sameFamily = (await family(handed.refresh_token)) === (await family(login.refresh_token));
    const longer = handed.refresh_max_age > login.refresh_max_age;
    // The member signs out of the login the token was stolen from: the handed-off refresh token dies with it.
    await bearerCall(login.access_token, '/api/auth/signout', {});
    const after = await refreshWith(handed.refresh_token);
    const survived = after.status === 200;
    securityRow(context, {
      area: 'sessions',
      tried: 'POST /api/oauth/generate {userId} with a bearer token alone (no refresh token, no password), then the owner signs out',
      letThrough: listed([
        ...(longer ? [`refresh_max_age ${handed.refresh_max_age} > the login's ${login.refresh_max_age}`] : []),
        ...(survived ? ['the handed-off refresh token outlived sign-out'] : []),
      ]),
      pass: sameFamily && !longer && !survived,
    });
    expect(sameFamily).toBe(true);
    expect(longer).toBe(false);
    expect(survived).toBe(false);
  });

  it('changes no bank account and withdraws nothing without the password again; the holder must be the verified name', async (context) => {
    const creator = await signedIn();
    const tag = uniqueTag();
    await creditPurchase(env.DB, { memberId: member.id, amount: 300, key: `reauth-buy:${tag}` });
    await gift(env.DB, { from: member.id, to: creator.id, amount: 300, key: `reauth-gift:${tag}` });
    const thief = { bank_code: '004', bank_account: '999-999-999999', bank_holder_name: '도둑' };
    const mine = { bank_code: '088', bank_account: '110-123-456789', bank_holder_name: '김 하늘' };
    const through: string[] = [];
    const tryAll = async (label: string) => {
      const bank = await creator.browser.json('/api/my/bank-account', thief, 'PUT');
      if (bank.status === 200) through.push(`${label}: PUT bank-account 200`);
      const withdraw = await creator.browser.json('/api/luv/withdraw', { amount: 200 });
      if (withdraw.status === 200) through.push(`${label}: withdraw 200`);
      return { bank, withdraw };
    };
    const unproved = await tryAll('no proof');
    expect(((await unproved.bank.json()) as { error: { code: string } }).error.code).toBe('REAUTH_REQUIRED');
    expect((await creator.browser.json('/api/my/reauth', { password: 'Wrong0rd!' })).status).toBe(403);
    await tryAll('wrong password');
    // The proof is the member's own: a fresh one counts 5 minutes, a stale one does not.
    expect((await creator.browser.json('/api/my/reauth', { password: 'Passw0rd!' })).status).toBe(200);
    const mismatch = await creator.browser.json('/api/my/bank-account', thief, 'PUT');
    if (mismatch.status === 200) through.push("proved: another holder's name 200");
    expect(((await mismatch.json()) as { error: { code: string } }).error.code).toBe('HOLDER_MISMATCH');
    await env.DB.prepare('UPDATE session_reauth SET verified_at = verified_at - 300001 WHERE member_id = ?').bind(creator.id).run();
    await tryAll('proof 5 minutes old');
    expect(await count('SELECT COUNT(*) AS n FROM payouts WHERE member_id = ?', creator.id)).toBe(0);
    expect(await scalar('SELECT bank_holder_name AS v FROM payout_accounts WHERE member_id = ?', creator.id)).toBeUndefined();

    expect((await creator.browser.json('/api/my/reauth', { password: 'Passw0rd!' })).status).toBe(200);
    expect((await creator.browser.json('/api/my/bank-account', mine, 'PUT')).status).toBe(200);
    expect((await creator.browser.json('/api/luv/withdraw', { amount: 200, idempotencyKey: `reauth${tag}`.padEnd(8, '0') })).status).toBe(200);
    securityRow(context, {
      area: 'sessions',
      tried:
        'with the session alone: PUT /api/my/bank-account (another holder) and POST /api/luv/withdraw, without a proof, after a wrong password, with a stale one; a proved member naming another holder',
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });

  it('a member without a password proves themself by a new identity check of the same person', async () => {
    const social = await signedIn();
    await env.DB.prepare("UPDATE members SET password_hash = '' WHERE id = ?").bind(social.id).run();
    await refusedWith(await social.browser.json('/api/my/reauth', { password: 'Passw0rd!' }), 409, 'NO_PASSWORD');
    const someoneElse = await devIdentity(social.browser, '/api/personal-auth?type=personal', { name: '박서준', birthday: '1990-01-01', gender: 'M', phone: '01099998888' });
    await refusedWith(await social.browser.json('/api/my/reauth', { authKey: someoneElse }), 403, 'IDENTITY_MISMATCH');
    const self = await devIdentity(social.browser, '/api/personal-auth?type=personal');
    expect((await social.browser.json('/api/my/reauth', { authKey: self })).status).toBe(200);
    await refusedWith(await social.browser.json('/api/my/reauth', { authKey: self }), 400, 'IDENTITY_INVALID'); // used once
    expect((await social.browser.json('/api/my/bank-account', { bank_code: '088', bank_account: '110-123-456789', bank_holder_name: '김하늘' }, 'PUT')).status).toBe(200);
  });
});

async function refusedWith(res: Response, status: number, code: string) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBeTruthy();
}

describe('starting a social link', () => {
  it('takes a POST with the XSRF header from the member, and asks the provider to have the person act again', async (context) => {
    const { browser } = await signUpMember();
    const transactions = () => count('SELECT COUNT(*) AS n FROM oauth_transactions');
    const before = await transactions();
    const through: string[] = [];
    const byLink = await browser.fetch('/callback/kakao/start?intent=link');
    if (byLink.status !== 302 || !(byLink.headers.get('location') ?? '').startsWith('/my/social?')) through.push(`GET ?intent=link ${byLink.status} ${byLink.headers.get('location')}`);
    const noHeader = await browser.json('/callback/google/start', {}, 'POST', { xsrf: false });
    if (noHeader.status !== 403) through.push(`POST without X-XSRF-TOKEN ${noHeader.status}`);
    const crossSite = await browser.json('/callback/google/start', {}, 'POST', { headers: { origin: 'https://evil.example' } });
    if (crossSite.status !== 403) through.push(`POST from another origin ${crossSite.status}`);
    if ((await transactions()) !== before) through.push('a transaction was opened');

    const reconsent: Record<string, [string, string]> = { google: ['prompt', 'consent'], kakao: ['prompt', 'login'], naver: ['auth_type', 'reprompt'], twitch: ['force_verify', 'true'] };
    for (const [provider, [name, value]] of Object.entries(reconsent)) {
      const res = await browser.json(`/callback/${provider}/start`, {});
      expect(res.status, provider).toBe(200);
      const url = new URL(((await res.json()) as { authorizeUrl: string }).authorizeUrl);
      if (url.searchParams.get(name) !== value) through.push(`${provider} link without ${name}=${value}`);
    }
    // A sign-in (not a link) is a plain navigation and does not force the provider's prompt.
    const login = await browser.fetch('/callback/google/start');
    expect(new URL(login.headers.get('location')!).searchParams.get('prompt')).toBeNull();
    securityRow(context, {
      area: 'csrf',
      tried: 'start a social link by GET ?intent=link, by POST without the XSRF header, from another origin; each provider asked to re-prompt',
      letThrough: listed(through),
      pass: through.length === 0,
    });
    expect(through).toEqual([]);
  });
});
