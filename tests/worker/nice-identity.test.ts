import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { niceIdentity } from '../../src/api/providers/identity';
import { startIdentity } from '../../src/api/services/identity';
import { Browser, propsOf, signUpMember } from './helpers';
import { memberIdOf } from './watch-fixtures';

// NICE identity verification end to end without the network: a fake NICE answers the token calls (an
// injected fetch), and the test plays NICE's standard window: it opens our request with the key NICE
// would derive, and seals its answer the way NICE's guide says (AES-128-CBC + HMAC-SHA256, EUC-KR JSON).

const NICE_ENV = { ...env, NICE_API_URL: 'https://nice.test', NICE_CLIENT_ID: 'client-id', NICE_CLIENT_SECRET: 'client-secret' } as Env;
const RETURN_URL = 'http://flex.localhost:8787/callback/nice';
const enc = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A fake NICE API: the access token and crypto token calls, as its guide shows them. */
function fakeNice() {
  const calls: Array<{ url: string; headers: Headers; body: string }> = [];
  const tokenVal = `tv${crypto.randomUUID().replace(/-/g, '')}`;
  const tokenVersionId = `2026${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, headers: new Headers(init?.headers), body: String(init?.body ?? '') });
    const envelope = (dataBody: Record<string, unknown>) => Response.json({ dataHeader: { GW_RSLT_CD: '1200', GW_RSLT_MSG: '오류 없음' }, dataBody });
    if (url.endsWith('/digital/niceid/oauth/oauth/token')) return envelope({ access_token: 'access-123', token_type: 'bearer', expires_in: 1_577_836_800, scope: 'default' });
    if (url.endsWith('/digital/niceid/api/v1.0/common/crypto/token')) {
      return envelope({ rsp_cd: 'P000', result_cd: '0000', site_code: 'BV9999', token_version_id: tokenVersionId, token_val: tokenVal, period: 3600 });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, calls, tokenVal, tokenVersionId };
}

/** NICE's side of the symmetric key (computed here independently of src/api/providers/nice.ts). */
async function keysOf(reqDtim: string, reqNo: string, tokenVal: string) {
  const text = b64(new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(reqDtim + reqNo + tokenVal))));
  const aes = (use: 'encrypt' | 'decrypt') => crypto.subtle.importKey('raw', enc.encode(text.slice(0, 16)), 'AES-CBC', false, [use]);
  const iv = enc.encode(text.slice(-16));
  const mac = await crypto.subtle.importKey('raw', enc.encode(text.slice(0, 32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return {
    open: async (data: string) => new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, await aes('decrypt'), unb64(data))),
    seal: async (plain: Uint8Array) => b64(new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await aes('encrypt'), plain))),
    integrity: async (data: string) => b64(new Uint8Array(await crypto.subtle.sign('HMAC', mac, enc.encode(data)))),
  };
}

/** EUC-KR JSON as NICE sends it: name in EUC-KR (홍길동 = C8AB B1E6 B5BF), utf8_name URL-encoded UTF-8. */
function answerBytes(fields: Record<string, string>): Uint8Array {
  const before = enc.encode(`{"name":"`);
  const name = Uint8Array.from([0xc8, 0xab, 0xb1, 0xe6, 0xb5, 0xbf]);
  const after = enc.encode(`",${JSON.stringify(fields).slice(1)}`);
  return Uint8Array.from([...before, ...name, ...after]);
}

/** Start a member's own verification against the fake NICE, and play NICE from there. */
async function startNice(loginId: string) {
  const nice = fakeNice();
  const started = await startIdentity(env.DB, niceIdentity(NICE_ENV, nice.fetcher), 'personal', { foreigner: false, loginId, returnUrl: RETURN_URL });
  const cryptoCall = nice.calls.find((c) => c.url.endsWith('/crypto/token'))!;
  const { req_dtim: reqDtim, req_no: reqNo } = (JSON.parse(cryptoCall.body) as { dataBody: { req_dtim: string; req_no: string } }).dataBody;
  const keys = await keysOf(reqDtim, reqNo, nice.tokenVal);
  const answer = async (fields: Record<string, string>, sealWith = keys) => {
    const encData = await sealWith.seal(answerBytes(fields));
    return { token_version_id: nice.tokenVersionId, enc_data: encData, integrity_value: await sealWith.integrity(encData) };
  };
  const person = (requestno = reqNo, resultcode = '0000') => ({
    resultcode,
    requestno,
    enctime: '20261123235959',
    sitecode: 'BV9999',
    responseno: 'RES0001',
    authtype: 'M',
    utf8_name: encodeURIComponent('홍길동'),
    birthdate: '19900101',
    gender: '1',
    nationalinfo: '0',
    mobileco: '1',
    mobileno: '01012345678',
    ci: 'CI-value',
    di: 'DI-value',
  });
  return { nice, started, reqDtim, reqNo, keys, answer, person };
}

const postBack = (fields: Record<string, string>, lang = 'ko') =>
  SELF.fetch(`http://flex.localhost:8787/callback/nice`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang, origin: 'https://nice.checkplus.co.kr' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const pageData = async (res: Response) => propsOf(await res.text()).data as { authKey?: string; failure?: string };
const sessionRow = (id: string) =>
  env.DB.prepare('SELECT completed_at AS completedAt, auth_key AS authKey FROM identity_sessions WHERE id = ?').bind(id).first<{ completedAt: number | null; authKey: string | null }>();

async function unverifiedMember() {
  const { browser, loginId } = await signUpMember(new Browser());
  const id = await memberIdOf(loginId);
  await env.DB.prepare('UPDATE members SET identity_verified = 0, adult = 0 WHERE id = ?').bind(id).run();
  return { browser, loginId, id };
}

describe('NICE identity verification', () => {
  it('asks NICE for a crypto token and sends the popup an encrypted, signed request bound to the session', async () => {
    const { loginId } = await unverifiedMember();
    const { nice, started, reqDtim, reqNo, keys } = await startNice(loginId);
    expect(started).toMatchObject({ provider: 'niceId', url: 'https://nice.checkplus.co.kr/CheckPlusSafeModel/service.cb' });
    expect(started.form).toMatchObject({ m: 'service', token_version_id: nice.tokenVersionId });
    const [tokenCall, cryptoCall] = nice.calls;
    expect(tokenCall!.headers.get('authorization')).toBe(`Basic ${btoa('client-id:client-secret')}`);
    expect(tokenCall!.body).toBe('grant_type=client_credentials&scope=default');
    const bearer = atob(cryptoCall!.headers.get('authorization')!.replace(/^bearer /, '')).split(':');
    expect([bearer[0], bearer[2]]).toEqual(['access-123', 'client-id']);
    expect(Math.abs(Number(bearer[1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(cryptoCall!.headers.get('ProductID')).toBe('2101979031');
    expect(reqDtim).toMatch(/^\d{14}$/);
    expect(reqNo).toMatch(/^[0-9a-f]{24}$/);
    const form = started.form!;
    expect(form.integrity_value).toBe(await keys.integrity(form.enc_data!));
    const request = JSON.parse(new TextDecoder().decode(await keys.open(form.enc_data!))) as Record<string, string>;
    expect(request).toMatchObject({ requestno: reqNo, returnurl: RETURN_URL, sitecode: 'BV9999' });
    const row = await env.DB.prepare('SELECT id, provider_ref AS ref FROM identity_sessions WHERE id = ?').bind(reqNo).first<{ id: string; ref: string }>();
    expect(row).toEqual({ id: reqNo, ref: nice.tokenVersionId });
  });

  it("verifies NICE's answer (POST or GET), hands out an authKey once, and the member becomes approved", async () => {
    const { browser, loginId, id } = await unverifiedMember();
    const { answer, person, reqNo } = await startNice(loginId);
    const genuine = await answer(person());

    const res = await postBack(genuine);
    expect(res.status).toBe(200);
    const { authKey } = await pageData(res);
    expect(authKey).toMatch(/\S{20,}/);
    expect(await sessionRow(reqNo)).toMatchObject({ authKey });
    // A replay of the same answer is refused and hands out nothing new.
    const replay = await postBack(genuine);
    expect(replay.status).toBe(400);
    expect((await pageData(replay)).failure).toBe('본인인증 결과를 확인할 수 없습니다. 처음부터 다시 인증해주세요.');
    expect(await sessionRow(reqNo)).toMatchObject({ authKey });

    const confirmed = await browser.json('/api/personal-auth/confirm', { authKey });
    expect(confirmed.status).toBe(200);
    const profile = ((await (await browser.fetch('/api/my/profile')).json()) as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({ identityVerified: true, adult: true, personalAuthStatus: 2 });
    expect(await env.DB.prepare('SELECT name, birthday, gender, phone FROM members WHERE id = ?').bind(id).first()).toEqual({
      name: '홍길동',
      birthday: '1990-01-01',
      gender: 'M',
      phone: '01012345678',
    });

    // NICE may return by GET (methodtype get, some browsers): the same check.
    const other = await startNice(loginId);
    const viaGet = await SELF.fetch(`http://flex.localhost:8787/callback/nice?${new URLSearchParams(await other.answer(other.person()))}`);
    expect(viaGet.status).toBe(200);
    expect((await pageData(viaGet)).authKey).toBeTruthy();
  });

  it("refuses forged, altered, misdirected and unknown answers in the caller's language, changing nothing", async () => {
    const { loginId, id } = await unverifiedMember();
    const { answer, person, reqNo, reqDtim, nice } = await startNice(loginId);
    const genuine = await answer(person());
    const refusedWith = async (fields: Record<string, string>, message = '본인인증 결과를 확인할 수 없습니다. 처음부터 다시 인증해주세요.', lang = 'ko') => {
      const res = await postBack(fields, lang);
      expect(res.status).toBe(400);
      expect((await pageData(res)).failure).toBe(message);
    };
    // A wrong integrity value; an altered enc_data under the genuine integrity value.
    await refusedWith({ ...genuine, integrity_value: genuine.integrity_value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    const altered = genuine.enc_data.slice(0, 10) + (genuine.enc_data[10] === 'A' ? 'B' : 'A') + genuine.enc_data.slice(11);
    await refusedWith({ ...genuine, enc_data: altered });
    // Sealed with a key NICE never gave this session (a forger's own token_val).
    const forger = await keysOf(reqDtim, reqNo, 'forged-token-val');
    await refusedWith(await answer(person(), forger), 'The verification result could not be confirmed. Please start the verification again.', 'en');
    // Genuinely sealed, but for another request number.
    await refusedWith(await answer(person('ffffffffffffffffffffffff')));
    // An answer naming no session we opened; missing fields.
    await refusedWith({ ...genuine, token_version_id: 'unknown-version' });
    await refusedWith({ token_version_id: nice.tokenVersionId }, '요청 내용을 확인해주세요.');
    expect(await sessionRow(reqNo)).toEqual({ completedAt: null, authKey: null });
    expect(await env.DB.prepare('SELECT personal_auth_status AS s FROM members WHERE id = ?').bind(id).first()).toEqual({ s: 0 }); // as it was
    // The genuine answer still counts afterwards.
    expect((await pageData(await postBack(genuine))).authKey).toBeTruthy();
  });

  it("records NICE's own failure as rejected (personal-auth status 3), once", async () => {
    const { loginId, id } = await unverifiedMember();
    const { answer, person, reqNo } = await startNice(loginId);
    const failed = await answer({ resultcode: '0001', requestno: reqNo, sitecode: 'BV9999' });
    const res = await postBack(failed);
    expect(res.status).toBe(400);
    expect((await pageData(res)).failure).toBe('본인인증이 완료되지 않았습니다. 다시 시도해주세요.');
    expect(await env.DB.prepare('SELECT personal_auth_status AS s, identity_verified AS v FROM members WHERE id = ?').bind(id).first()).toEqual({ s: 3, v: 0 });
    expect((await sessionRow(reqNo))?.authKey).toBeNull();
    // The session is closed: neither the failure again nor a success for it counts now.
    expect((await pageData(await postBack(failed))).failure).toBe('본인인증 결과를 확인할 수 없습니다. 처음부터 다시 인증해주세요.');
    expect((await postBack(await answer(person()))).status).toBe(400);
  });
});
