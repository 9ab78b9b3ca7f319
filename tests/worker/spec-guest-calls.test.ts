import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Browser, devIdentity, signUpMember } from './helpers';
import { clearWatchTables, insertChannel, insertStream, json, memberIdOf } from './watch-fixtures';
import type { ListResponse, StreamCard } from '../../src/shared/streams-api';

// Calls of the published contract that guests make (which ones need a member), and the personal-auth status
// (0 unapplied, 1 requested, 2 approved, 3 rejected).

const PERSON = { name: '김하늘', birthday: '1995-04-12', gender: 'F', phone: '01012345678' };
const login = (browser: Browser, loginId: string, password: string) => browser.json('/v2/api/auth/signin', { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' });
const statusOf = async (id: number) => (await env.DB.prepare('SELECT personal_auth_status AS s, identity_verified AS v FROM members WHERE id = ?').bind(id).first<{ s: number; v: number }>())!;
const yearsAgo = (n: number) => Date.now() - n * 365 * 86_400_000 - 86_400_000;

describe('POST /api/auth/expire: the expiry flow of a dormant account', () => {
  it('refuses a dormant account at sign-in, then walks AGREEMENT, IDENTIFICATION, COMPLETE and lets it sign in', async () => {
    const { loginId, password } = await signUpMember(new Browser(), {}, PERSON);
    const id = await memberIdOf(loginId);
    await env.DB.prepare('UPDATE members SET last_login_at = ? WHERE id = ?').bind(yearsAgo(1), id).run();
    const guest = new Browser();

    const refused = await login(guest, loginId, password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: 403, msg: 'EXPIRED', message: '1년 이상 로그인하지 않아 휴면 상태로 전환된 계정입니다. 본인인증 후 휴면을 해제해주세요.', event: null });
    expect(guest.jar.has('flx_oauth_access')).toBe(false);
    // A wrong password says nothing about dormancy.
    expect((await login(guest, loginId, 'Wrong0000!')).status).toBe(401);

    expect(await json(await guest.json('/api/auth/expire', { loginId }))).toEqual({ loginId, step: 'AGREEMENT' });
    expect(await json(await guest.json('/api/auth/expire', { loginId, agree: true }))).toEqual({ loginId, step: 'IDENTIFICATION' });
    const authKey = await devIdentity(guest, `/api/personal-auth?type=expire&loginId=${loginId}`, PERSON);
    const noAgreement = await guest.json('/api/auth/expire', { loginId, authKey });
    expect(noAgreement.status).toBe(400);
    expect(await json(noAgreement)).toMatchObject({ error: { code: 'AGREEMENTREQUIRED', message: '휴면 해제 안내에 동의해주셔야 합니다.' } });
    expect((await login(guest, loginId, password)).status).toBe(403); // nothing changed

    expect(await json(await guest.json('/api/auth/expire', { loginId, agree: true, authKey }))).toEqual({ loginId, step: 'COMPLETE' });
    expect((await login(guest, loginId, password)).status).toBe(200);
    expect(await json(await guest.json('/api/auth/expire', { loginId }))).toEqual({ loginId, step: 'COMPLETE' });
    // The authKey was used up.
    await env.DB.prepare('UPDATE members SET last_login_at = ? WHERE id = ?').bind(yearsAgo(2), id).run();
    expect((await new Browser().json('/api/auth/expire', { loginId, agree: true, authKey })).status).toBe(400);
  });

  it("refuses someone else's verification, an unknown ID and bad input, in the caller's language, changing nothing", async () => {
    const { loginId, password } = await signUpMember(new Browser(), {}, PERSON);
    const id = await memberIdOf(loginId);
    await env.DB.prepare('UPDATE members SET last_login_at = ? WHERE id = ?').bind(yearsAgo(3), id).run();
    const guest = new Browser();
    const strangerKey = await devIdentity(guest, `/api/personal-auth?type=expire&loginId=${loginId}`, { ...PERSON, name: '박타인' });
    const mismatch = await guest.json('/api/auth/expire', { loginId, agree: true, authKey: strangerKey });
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toMatchObject({ error: { code: 'IDENTITYMISMATCH', message: '본인인증 정보가 계정의 회원 정보와 일치하지 않습니다.' } });
    // A key verified for another purpose does not count.
    const signupKey = await devIdentity(guest, '/api/auth/signup/personal-auth?type=personal-signup', PERSON);
    expect((await guest.json('/api/auth/expire', { loginId, agree: true, authKey: signupKey })).status).toBe(400);
    expect((await login(guest, loginId, password)).status).toBe(403);
    const unknown = await guest.json('/api/auth/expire', { loginId: 'nobody123456' }, 'POST', { headers: { 'accept-language': 'en' } });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: { message: 'No account has this ID.' } });
    expect((await guest.json('/api/auth/expire', {})).status).toBe(400);
    expect((await guest.fetch('/api/personal-auth?type=expire')).status).toBe(400); // expire names the account
  });
});

describe('POST /api/oauth/generate', () => {
  it('gives a guest who verified as the owner a password reset token, and refuses a guest without one', async () => {
    const { loginId } = await signUpMember(new Browser(), {}, PERSON);
    const guest = new Browser();
    const bare = await guest.json('/api/oauth/generate', { userId: loginId });
    expect(bare.status).toBe(400);
    expect(await json(bare)).toMatchObject({ error: { code: 'IDENTITYNEEDED', message: '본인인증을 먼저 완료해주세요.' } });
    const stranger = await devIdentity(guest, `/api/personal-auth?type=password&loginId=${loginId}`, { ...PERSON, phone: '01099998888' });
    expect((await guest.json('/api/oauth/generate', { userId: loginId, authKey: stranger })).status).toBe(400);
    const authKey = await devIdentity(guest, `/api/personal-auth?type=password&loginId=${loginId}`, PERSON);
    const granted = await json<{ msg: string; authToken: string }>(await guest.json('/api/oauth/generate', { userId: loginId, authKey }));
    expect(granted.msg).toBe('SUCCESS');
    expect((await guest.json('/api/oauth/password', { loginId, authToken: granted.authToken, password: 'NewPassw0rd!' }, 'PUT')).status).toBe(200);
    expect((await login(new Browser(), loginId, 'NewPassw0rd!')).status).toBe(200);
  });
});

describe('GET /api/personal-auth?type and the personal-auth status', () => {
  it('starts the guest flows for a guest, and the personal one only for a member', async () => {
    const guest = new Browser();
    for (const type of ['personal-signup', 'id']) {
      const res = await guest.fetch(`/api/personal-auth?type=${type}`);
      expect(res.status).toBe(200);
      const body = await json<{ url: string; status?: number }>(res);
      expect(new URL(body.url, 'http://x').searchParams.get('type')).toBe(type);
      expect(body.status).toBeUndefined();
    }
    expect((await guest.fetch('/api/personal-auth?type=password&loginId=someone123')).status).toBe(200);
    expect((await guest.fetch('/api/personal-auth?type=password')).status).toBe(400);
    expect((await guest.fetch('/api/personal-auth?type=phone')).status).toBe(400);
    expect((await guest.fetch('/api/personal-auth')).status).toBe(401);
    expect((await guest.fetch('/api/personal-auth?type=personal')).status).toBe(401);
    // A guest's id verification finds IDs, as the find page's own start does.
    const { loginId } = await signUpMember(new Browser(), {}, { ...PERSON, phone: '01077776666' });
    const idKey = await devIdentity(guest, '/api/personal-auth?type=id', { ...PERSON, phone: '01077776666' });
    expect(await json(await guest.json('/api/auth/signin/find-id/confirm', { authKey: idKey }))).toMatchObject({
      loginIds: [expect.stringMatching(new RegExp(`^${loginId.slice(0, 2)}\\*+${loginId.slice(-2)}$`))],
    });
  });

  it('moves unapplied → requested → approved, and back from rejected, keeping identityVerified in step', async () => {
    const { browser, loginId } = await signUpMember(new Browser(), {}, PERSON);
    const id = await memberIdOf(loginId);
    expect(await statusOf(id)).toEqual({ s: 2, v: 1 }); // verified at sign-up: approved
    await env.DB.prepare('UPDATE members SET identity_verified = 0, adult = 0 WHERE id = ?').bind(id).run();
    expect(await statusOf(id)).toEqual({ s: 0, v: 0 });
    const profile = async () => (await json<{ profile: { personalAuthStatus: number; identityVerified: boolean } }>(await browser.fetch('/api/my/profile'))).profile;
    expect(await profile()).toMatchObject({ personalAuthStatus: 0, identityVerified: false });

    const started = await json<{ status: number; url: string }>(await browser.fetch('/api/personal-auth?type=personal'));
    expect(started.status).toBe(1);
    expect(await profile()).toMatchObject({ personalAuthStatus: 1, identityVerified: false });

    await env.DB.prepare('UPDATE members SET personal_auth_status = 3 WHERE id = ?').bind(id).run(); // as a refused answer leaves it
    expect((await json<{ status: number }>(await browser.fetch('/api/personal-auth'))).status).toBe(1); // asking again: requested

    const session = new URL(started.url, 'http://x').searchParams.get('session')!;
    const { authKey } = await json<{ authKey: string }>(await browser.json('/api/personal-auth/dev/complete', { session, ...PERSON }));
    expect((await browser.json('/api/personal-auth/confirm', { authKey })).status).toBe(200);
    expect(await profile()).toMatchObject({ personalAuthStatus: 2, identityVerified: true });
    expect((await json<{ status: number }>(await browser.fetch('/api/personal-auth'))).status).toBe(2); // approved stays approved
    await expect(env.DB.prepare('UPDATE members SET personal_auth_status = 4 WHERE id = ?').bind(id).run()).rejects.toThrow();
  });
});

describe('GET /api/my/stream/recorded-stream-list', () => {
  it("lists a channel's recordings for a guest, and needs a member only for their own channel", async () => {
    await clearWatchTables();
    const channel = await insertChannel();
    const older = await insertStream(channel.id, { kind: 2, startedAt: Date.now() - 7_200_000 });
    const newer = await insertStream(channel.id, { kind: 2, startedAt: Date.now() - 3_600_000 });
    const guest = new Browser();
    const list = await json<ListResponse<StreamCard>>(await guest.fetch(`/api/my/stream/recorded-stream-list?channelId=${channel.id}`));
    expect(list).toMatchObject({ offset: 0, limit: 2, total: 2 });
    expect(list.items.map((s) => s.streamId)).toEqual([newer, older]);
    const own = await guest.fetch('/api/my/stream/recorded-stream-list');
    expect(own.status).toBe(401);
    expect(await json(own)).toMatchObject({ error: { code: 'SESSION_INVALID' } });
    expect((await guest.fetch('/api/my/stream/recorded-stream-list?channelId=999999')).status).toBe(404);
    const { browser } = await signUpMember();
    expect(await json(await browser.fetch('/api/my/stream/recorded-stream-list'))).toMatchObject({ items: [], total: 0 });
  });
});
