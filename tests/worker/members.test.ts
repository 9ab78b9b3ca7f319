import { SELF, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import type { ProfileResponse } from '../../src/shared/account-api';
import type { MemberLevelInfo } from '../../src/shared/fan-schemas';
import type { MyListsPageData } from '../../src/shared/member-lists';
import { messageFrameSchema } from '../../src/shared/chat-protocol';
import { ChatClient, say } from './chat-helpers';
import { Browser, devIdentity, propsOf, signUpMember } from './helpers';
import { leaveFor, newPerson, returnFrom } from './social-helpers';
import { file, png, svgWithScript } from './upload-fixtures';
import { expectRefused, insertChannel, json, liveChannel, memberIdOf, signedIn } from './watch-fixtures';
import { uniqueDigits, uniqueTag } from './unique';

vi.setConfig({ testTimeout: 30_000 });

// My page and linking by verified identity (docs/product/community.md, "Messages and my page"): PUT /api/my/profile with an avatar, what
// each setting visibly changes, the member's lists page, the expiry flow of a dormant account, and a social
// account linked to the member the same verified person already is (never by e-mail).

const profileOf = async (b: Browser) => (await json<ProfileResponse>(await b.fetch('/api/my/profile'))).profile;
const putProfile = (b: Browser, fields: Record<string, string | File>, init: { xsrf?: boolean; headers?: Record<string, string> } = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return b.fetch('/api/my/profile', { method: 'PUT', body: form, ...init });
};
const uploadsOf = async (memberId: number) => (await env.DB.prepare('SELECT count(*) AS n FROM uploads WHERE owner_id = ?').bind(memberId).first<{ n: number }>())!.n;
/** A person of their own (the dev identity form's CI is a keyed hash of the person). */
const person = () => ({ name: '정다운', birthday: '1990-02-03', gender: 'M', phone: `0109${uniqueDigits()}` });
/** The claims of a chat ticket (base64url JSON before the MAC). */
const ticketClaims = async (b: Browser, room: number) => {
  const res = await b.json('/api/chat/ticket', { room: String(room) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { ticket } = await json<{ ticket: string }>(res);
  const body = ticket.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))) as Record<string, unknown>;
};

describe('PUT /api/my/profile', () => {
  it('stores the avatar through the upload module and a new nickname; the profile and the page answer them at once', async () => {
    const a = await signedIn();
    expect((await profileOf(a.browser)).avatarUrl).toBeNull();
    const res = await putProfile(a.browser, { nickname: '새닉네임', avatar: file(png(64, 64), 'me.svg', 'image/svg+xml') });
    expect(res.status, await res.clone().text()).toBe(200);
    const answered = (await json<ProfileResponse>(res)).profile;
    expect(answered.nickname).toBe('새닉네임');
    expect(answered.avatarUrl).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
    // The type is what the bytes proved (PNG), not the name or declared type the form sent.
    const served = await a.browser.fetch(answered.avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await profileOf(a.browser)).toMatchObject({ nickname: '새닉네임', avatarUrl: answered.avatarUrl });
    // The page's `me` (the header) carries it too.
    expect((propsOf(await (await a.browser.fetch('/my')).text()).me as { avatarUrl: string }).avatarUrl).toBe(answered.avatarUrl);

    // A new avatar replaces the old one, which is gone; removeAvatar clears it.
    const next = (await json<ProfileResponse>(await putProfile(a.browser, { avatar: file(png(32, 32), 'b.png') }))).profile;
    expect(next.avatarUrl).not.toBe(answered.avatarUrl);
    expect((await a.browser.fetch(answered.avatarUrl!)).status).toBe(404);
    const cleared = (await json<ProfileResponse>(await putProfile(a.browser, { removeAvatar: 'true' }))).profile;
    expect(cleared).toMatchObject({ nickname: '새닉네임', avatarUrl: null });
    expect((await a.browser.fetch(next.avatarUrl!)).status).toBe(404);
    expect(await uploadsOf(a.id)).toBe(0);
  });

  it('refuses bad input in the member’s language and changes nothing, stores no file', async () => {
    const a = await signedIn();
    const other = await signedIn();
    const otherNick = (await profileOf(other.browser)).nickname;
    const before = await profileOf(a.browser);
    const en = { headers: { 'accept-language': 'en' } };

    const badNick = await putProfile(a.browser, { nickname: 'x', avatar: file(png(16, 16), 'a.png') }, en);
    expect(badNick.status).toBe(400);
    const badBody = await json<{ error: { message: string; fields: Record<string, string> } }>(badNick);
    expect(badBody.error.fields.nickname).toBeTruthy();
    expect(badBody.error.message).toBe('Nickname (2~10 characters, including Korean, English, numbers, and special characters).');

    await expectRefused(await putProfile(a.browser, { avatar: file(svgWithScript(), 'a.png', 'image/png') }), 415);
    await expectRefused(await putProfile(a.browser, { avatar: file(new TextEncoder().encode('not an image at all'), 'a.jpg') }), 415);
    // A taken nickname: refused after the avatar was checked, and the stored avatar is undone.
    const taken = await putProfile(a.browser, { nickname: otherNick, avatar: file(png(16, 16), 'a.png') });
    await expectRefused(taken, 409);
    expect(await profileOf(a.browser)).toEqual(before);
    expect(await uploadsOf(a.id)).toBe(0);
  });

  it('is the member’s own: guests get 401, a forged request (no XSRF) 403, and another member changes only themselves', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const aBefore = await profileOf(a.browser);
    expect((await putProfile(new Browser(), { nickname: '손님닉' })).status).toBe(401);
    expect((await putProfile(a.browser, { nickname: '위조닉' }, { xsrf: false })).status).toBe(403);
    expect((await putProfile(b.browser, { nickname: '비회원닉' })).status).toBe(200);
    expect(await profileOf(a.browser)).toEqual(aBefore);
    expect((await new Browser().fetch('/api/my/profile')).status).toBe(401);
  });
});

describe('what isBigFan and isMemberLevelIconEnabled change', () => {
  it('the level icon goes from chat tickets and the level card when the member turns it off', async () => {
    const a = await signedIn();
    const channel = await insertChannel();
    expect((await ticketClaims(a.browser, channel.id)).level).toBe(1);
    expect((await json<MemberLevelInfo>(await a.browser.fetch('/api/my/member-level-info'))).icon).not.toBeNull();
    expect((await a.browser.json('/api/my/setting', { isMemberLevelIconEnabled: false })).status).toBe(200);
    expect((await ticketClaims(a.browser, channel.id)).level).toBeUndefined();
    expect(await json<MemberLevelInfo>(await a.browser.fetch('/api/my/member-level-info'))).toMatchObject({ icon: null, isMemberLevelIconEnabled: false, level: 1 });
  });

  it("a channel's top supporters carry the big-fan badge in its room, unless they turn it off; others never do", async () => {
    const [fan, stranger, creator] = [await signedIn(), await signedIn(), await signedIn()];
    const channel = await liveChannel({ ownerId: creator.id });
    const elsewhere = await insertChannel();
    expect((await ticketClaims(fan.browser, channel.id)).bigFan).toBeUndefined();
    await creditPurchase(env.DB, { memberId: fan.id, amount: 50, key: `members-test:${Date.now()}:${fan.id}` });
    const gift = await fan.browser.json('/api/luv/gift', { channelId: channel.id, amount: 20, idempotencyKey: `bigfan${Date.now()}` });
    expect(gift.status, await gift.clone().text()).toBe(200);
    expect((await ticketClaims(fan.browser, channel.id)).bigFan).toBe(true);
    expect((await ticketClaims(fan.browser, elsewhere.id)).bigFan).toBeUndefined();
    expect((await ticketClaims(stranger.browser, channel.id)).bigFan).toBeUndefined();
    expect((await ticketClaims(creator.browser, channel.id)).bigFan).toBeUndefined();
    await fan.browser.json('/api/my/setting', { isBigFan: false });
    expect((await ticketClaims(fan.browser, channel.id)).bigFan).toBeUndefined();
  });

  it("the room's messages carry the badge and the avatar from the ticket, checked by the chat protocol both ends use", async () => {
    const [fan, other, creator] = [await signedIn(), await signedIn(), await signedIn()];
    const channel = await liveChannel({ ownerId: creator.id });
    await creditPurchase(env.DB, { memberId: fan.id, amount: 10, key: `members-room:${Date.now()}:${fan.id}` });
    expect((await fan.browser.json('/api/luv/gift', { channelId: channel.id, amount: 5, idempotencyKey: `room${Date.now()}` })).status).toBe(200);
    const { profile } = await json<ProfileResponse>(await putProfile(fan.browser, { avatar: file(png(24, 24), 'a.png') }));
    const chatAs = async (b: Browser) => {
      const { ticket } = await json<{ ticket: string }>(await b.json('/api/chat/ticket', { room: String(channel.id) }));
      const up = await SELF.fetch(`http://flex.localhost:8787/chat/${channel.id}?ticket=${encodeURIComponent(ticket)}`, { headers: { upgrade: 'websocket', origin: 'http://flex.localhost:8787' } });
      expect(up.status).toBe(101);
      const client = new ChatClient(up.webSocket!);
      client.send({ type: 'join', room: String(channel.id), streamId: null, source: 'web' });
      await client.waitFor((f) => f.type === 'connection' && f.status === 'joined');
      return client;
    };
    const [mine, theirs] = [await chatAs(fan.browser), await chatAs(other.browser)];
    await say(mine, 'big fan here');
    const heard = await theirs.waitFor((f) => f.type === 'message' && f.text === 'big fan here');
    expect(heard).toMatchObject({ from: { loginId: fan.loginId, bigFan: true, avatar: profile.avatarUrl!.split('/').pop() } });
    expect(messageFrameSchema.safeParse(heard).success).toBe(true);
    const plain = await say(theirs, 'just me');
    expect(plain).toMatchObject({ from: { loginId: other.loginId } });
    expect(plain).not.toHaveProperty('from.bigFan');
    expect(plain).not.toHaveProperty('from.avatar');
    mine.close();
    theirs.close();
  });

  it('the avatar travels in the chat ticket, so the room shows it beside the name', async () => {
    const a = await signedIn();
    const channel = await insertChannel();
    expect((await ticketClaims(a.browser, channel.id)).avatar).toBeUndefined();
    const { profile } = await json<ProfileResponse>(await putProfile(a.browser, { avatar: file(png(20, 20), 'a.png') }));
    expect(`/api/uploads/${(await ticketClaims(a.browser, channel.id)).avatar}`).toBe(profile.avatarUrl);
  });
});

describe('/my/lists', () => {
  it("a member's lists: the chosen tab's first page, from the list's own call; guests go to sign-in", async () => {
    const [viewer, creator] = [await signedIn(), await signedIn()];
    const channel = await liveChannel({ ownerId: creator.id });
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 30, key: `members-lists:${Date.now()}` });
    expect((await viewer.browser.json('/api/luv/gift', { channelId: channel.id, amount: 7, idempotencyKey: `lists${Date.now()}` })).status).toBe(200);

    const first = propsOf(await (await viewer.browser.fetch('/my/lists')).text());
    expect(first.page).toBe('MY_LISTS');
    expect((first.data as MyListsPageData).tab).toBe('subscriptions');
    expect((first.data as MyListsPageData).list).toMatchObject({ items: [], total: 0 });
    const sent = propsOf(await (await viewer.browser.fetch('/my/lists?tab=sentLuv')).text()).data as MyListsPageData;
    expect(sent.list!.items).toEqual([expect.objectContaining({ loginId: creator.loginId, amount: 7 })]);
    const received = propsOf(await (await creator.browser.fetch('/my/lists?tab=receivedLuv')).text()).data as MyListsPageData;
    expect(received.list!.items).toEqual([expect.objectContaining({ loginId: viewer.loginId, amount: 7 })]);
    expect((propsOf(await (await viewer.browser.fetch('/my/lists?tab=nonsense')).text()).data as MyListsPageData).tab).toBe('subscriptions');

    const guest = await new Browser().fetch('/my/lists');
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/signin?callbackURL=%2Fmy%2Flists');
  });
});

describe('the expiry flow of a dormant account', () => {
  it('sign-in sends the owner to it; only the owner’s identity wakes the account, which then signs in', async () => {
    const owner = person();
    const { loginId, password } = await signUpMember(new Browser(), {}, owner);
    await env.DB.prepare('UPDATE members SET last_login_at = ? WHERE login_id = ?')
      .bind(Date.now() - 400 * 86_400_000, loginId)
      .run();
    const guest = new Browser();
    const refused = await guest.json('/v2/api/auth/signin', { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' });
    expect(refused.status).toBe(403);
    expect((await json<{ msg: string }>(refused)).msg).toBe('EXPIRED');

    const page = propsOf(await (await guest.fetch(`/signin/expire?loginId=${loginId}`)).text());
    expect(page.page).toBe('EXPIRE');
    expect(page.data).toMatchObject({ loginId });
    expect(await json(await guest.json('/api/auth/expire', { loginId }))).toEqual({ loginId, step: 'AGREEMENT' });
    expect(await json(await guest.json('/api/auth/expire', { loginId, agree: true }))).toEqual({ loginId, step: 'IDENTIFICATION' });
    // Someone else's verification: refused, still dormant.
    const stranger = await devIdentity(guest, `/api/personal-auth?type=expire&loginId=${loginId}`, person());
    await expectRefused(await guest.json('/api/auth/expire', { loginId, agree: true, authKey: stranger }), 400);
    expect((await guest.json('/v2/api/auth/signin', { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' })).status).toBe(403);
    const mine = await devIdentity(guest, `/api/personal-auth?type=expire&loginId=${loginId}`, owner);
    expect(await json(await guest.json('/api/auth/expire', { loginId, agree: true, authKey: mine }))).toEqual({ loginId, step: 'COMPLETE' });
    expect((await guest.json('/v2/api/auth/signin', { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' })).status).toBe(200);
  });
});

describe('linking a social account by the same verified identity', () => {
  /** A new provider account at the social sign-up page: its ticket, in its own browser. */
  const arrive = async (provider: 'kakao' | 'naver' | 'google', email?: string) => {
    const browser = new Browser();
    const user = newPerson(provider);
    const back = await returnFrom(browser, await leaveFor(browser, provider, user, email ? { email } : {}));
    expect(back.location.startsWith(`/signup/social/${provider}`)).toBe(true);
    return { browser, user, ticket: browser.jar.get('flx_social_signup')! };
  };

  it('the same verified person links to their member and is signed in as them; the provider then signs them in', async () => {
    const me = person();
    const { loginId } = await signUpMember(new Browser(), {}, me);
    const { browser, user, ticket } = await arrive('kakao');
    const authKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup', me);
    const res = await browser.json('/api/auth/oauth/kakao/link', { accessToken: ticket, authKey });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await profileOf(browser)).loginId).toBe(loginId);
    // The verification is spent: it links nothing more.
    const again = await arrive('naver');
    expect((await again.browser.json('/api/auth/oauth/naver/link', { accessToken: again.ticket, authKey })).status).toBe(400);
    const later = new Browser();
    expect((await returnFrom(later, await leaveFor(later, 'kakao', user))).signedIn).toBe(true);
    expect((await profileOf(later)).loginId).toBe(loginId);
  });

  it('never by e-mail: the same e-mail with another identity links nothing, and that verification can still sign up', async () => {
    const email = `same${Date.now()}@example.com`;
    const owner = await signUpMember(new Browser(), {}, person());
    await returnFrom(owner.browser, await leaveFor(owner.browser, 'google', newPerson('google'), { link: true, email }));
    const ownerId = await memberIdOf(owner.loginId);
    const linked = await env.DB.prepare('SELECT email FROM social_identities WHERE member_id = ?').bind(ownerId).first<{ email: string }>();
    expect(linked?.email).toBe(email);

    const { browser, user, ticket } = await arrive('kakao', email);
    const authKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup', person());
    const refused = await browser.json('/api/auth/oauth/kakao/link', { accessToken: ticket, authKey }, 'POST', { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(404);
    expect((await json<{ error: { code: string; message: string } }>(refused)).error).toEqual({
      code: 'SOCIAL_IDENTITY_NO_MATCH',
      message: 'No member with your verified identity was found. Sign up, or link with your ID and password.',
    });
    expect(browser.jar.has('flx_oauth_access')).toBe(false);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM social_identities WHERE member_id = ?').bind(ownerId).first<{ n: number }>()).toEqual({ n: 1 });
    // Not spent: the same verification signs this person up as a new member.
    const signup = await browser.json('/api/auth/signup/oauth/kakao', { accessToken: ticket, nickname: `새${uniqueTag()}`, authKey, terms: 'essential' });
    expect(signup.status, await signup.clone().text()).toBe(200);
    expect((await profileOf(browser)).loginId).not.toBe(owner.loginId);
    const later = new Browser();
    await returnFrom(later, await leaveFor(later, 'kakao', user));
    expect((await profileOf(later)).loginId).not.toBe(owner.loginId);
  });

  it('refuses a bad verification or ticket, and an unverified member is never a match', async () => {
    const me = person();
    const { loginId } = await signUpMember(new Browser(), {}, me);
    await env.DB.prepare('UPDATE members SET identity_verified = 0 WHERE login_id = ?').bind(loginId).run();
    const { browser, ticket } = await arrive('naver');
    await expectRefused(await browser.json('/api/auth/oauth/naver/link', { accessToken: ticket, authKey: 'not-a-key' }), 400);
    const authKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup', me);
    await expectRefused(await browser.json('/api/auth/oauth/kakao/link', { accessToken: ticket, authKey }), 401);
    await expectRefused(await browser.json('/api/auth/oauth/naver/link', { accessToken: ticket, authKey }), 404);
    await expectRefused(await browser.json('/api/auth/oauth/naver/link', { accessToken: ticket, authKey, loginId }), 400);
    expect(browser.jar.has('flx_oauth_access')).toBe(false);
  });
});
