// A guest's age check (/guest-auth, POST /api/guest/adult-pass, src/lib/guest-pass.ts): an adult verified by the
// identity provider watches adult-only broadcasts on this device without an account; anyone else is told why not.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse } from '../../src/shared/streams-api';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { Browser, devIdentity, propsOf, refused, setCookies, setFlags, signUpMember } from './helpers';
import { clearWatchTables, liveChannel, setChannelSettings } from './watch-fixtures';

const ADULT = { name: '김하늘', birthday: '1995-04-12', gender: 'F', phone: '01012345678' };
const MINOR = { name: '이하나', birthday: '2012-05-01', gender: 'F', phone: '01055556666' };
const START = '/api/personal-auth?type=guest-adult';

/** A guest who verified as `person` and asked for the pass; the answer as it reached the browser. */
async function verifiedGuest(person = ADULT, browser = new Browser()) {
  const authKey = await devIdentity(browser, START, person);
  const res = await browser.json('/api/guest/adult-pass', { authKey });
  return { browser, authKey, res };
}

const liveOf = async (browser: Browser, channelId: number) => ((await (await browser.fetch(`/api/channels/${channelId}/channel-page`)).json()) as ChannelPageResponse).live!;

describe('/guest-auth page', () => {
  it('is a real page for a guest, in emergency mode too, with a post form', async () => {
    await setFlags({ maintenance: false, emergency: true });
    const browser = new Browser();
    const res = await browser.fetch('/guest-auth?callbackURL=%2Fchannel%2Fsomeone');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await res.text();
    const props = propsOf(html);
    expect(props.page).toBe('GUEST_AUTH');
    expect(props.data).toMatchObject({ callbackURL: '/channel/someone', adultBroadcast: true });
    expect(html).toContain('비회원 성인인증');
    expect(html).toMatch(/<form class="auth-form"[^>]* method="post"/);
    const en = await browser.fetch('/guest-auth', { headers: { 'accept-language': 'en' } });
    expect(await en.text()).toContain('Guest age verification');
  });

  it('says so when adult broadcasting is switched off, and refuses a callback to another site', async () => {
    await setChannelSettings({ adultBroadcast: false });
    clearAllCaches();
    const props = propsOf(await (await new Browser().fetch('/guest-auth?callbackURL=https%3A%2F%2Fevil.example%2F')).text());
    expect(props.data).toMatchObject({ adultBroadcast: false, callbackURL: null });
  });
});

describe('POST /api/guest/adult-pass', () => {
  beforeEach(clearWatchTables);

  it('an adult guest gets a pass in an HttpOnly cookie and then watches adult lives and joins their chat', async () => {
    const adult = await liveChannel({ adult: true }, { adult: true });
    const browser = new Browser();
    expect(await liveOf(browser, adult.id)).toMatchObject({ access: 'identity', playback: null });
    expect((await browser.json('/api/guest/chat-ticket', { room: String(adult.id) })).status).toBe(403);

    const { res } = await verifiedGuest(ADULT, browser);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as { expiresAt: number; guestPass?: string };
    expect(body.guestPass).toBeUndefined(); // page script never holds it
    expect(body.expiresAt).toBeGreaterThan(Date.now() + 50 * 60_000);
    const cookie = setCookies(res).flx_guest_pass!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=3[56]\d\d/);

    const live = await liveOf(browser, adult.id);
    expect(live.access).toBe('ok');
    expect(live.playback?.url).toContain('token=');
    expect((await browser.json('/api/guest/chat-ticket', { room: String(adult.id) })).status).toBe(200);
  });

  it('keeps passwords asking, and the pass works only on the device it was given to', async () => {
    const locked = await liveChannel({ adult: true, password: '1234' }, { adult: true, hasPassword: true });
    const { browser } = await verifiedGuest();
    expect((await liveOf(browser, locked.id)).access).toBe('password');
    const other = new Browser();
    await other.open('/');
    other.jar.set('flx_guest_pass', browser.jar.get('flx_guest_pass')!);
    expect((await liveOf(other, locked.id)).access).toBe('identity');
  });

  it('tells a minor why not and gives nothing; an authKey counts once and only for this flow', async () => {
    const minor = await verifiedGuest(MINOR);
    expect(setCookies(minor.res).flx_guest_pass).toBeUndefined();
    const text = await minor.res.text();
    expect(minor.res.status).toBe(403);
    expect(JSON.parse(text).error).toMatchObject({ code: 'ADULT_ONLY', message: '만 19세 미만은 성인 방송을 시청할 수 없습니다.' });

    const adult = await verifiedGuest();
    expect(adult.res.status).toBe(200);
    await refused(await new Browser().json('/api/guest/adult-pass', { authKey: adult.authKey }), 400, 'IDENTITY_REQUIRED');

    const browser = new Browser();
    const signupKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup', ADULT);
    await refused(await browser.json('/api/guest/adult-pass', { authKey: signupKey }), 400, 'IDENTITY_REQUIRED');
  });

  it('refuses a signed-in member, and keeps the authKey while adult broadcasting is off', async () => {
    const member = await signUpMember();
    const memberKey = await devIdentity(member.browser, START);
    await refused(await member.browser.json('/api/guest/adult-pass', { authKey: memberKey }), 409, 'SIGNED_IN');

    await setChannelSettings({ adultBroadcast: false });
    clearAllCaches();
    const browser = new Browser();
    const authKey = await devIdentity(browser, START);
    await refused(await browser.json('/api/guest/adult-pass', { authKey }), 403, 'BROADCAST_UNAVAILABLE');
    await setChannelSettings({ adultBroadcast: true });
    clearAllCaches();
    expect((await browser.json('/api/guest/adult-pass', { authKey })).status).toBe(200);
  });

  it("a pass holder's channel page is their own: never the guests' cached copy, never cached for other guests", async () => {
    const adult = await liveChannel({ adult: true }, { adult: true });
    const path = `/channel/${adult.ownerLoginId}`;
    const guestLive = async (browser: Browser) => {
      const res = await browser.fetch(path);
      return { how: res.headers.get('x-edge-cache'), live: (propsOf(await res.text()).data as { channelPage: ChannelPageResponse }).channelPage.live! };
    };
    expect((await guestLive(new Browser())).live.access).toBe('identity');
    expect((await guestLive(new Browser())).how).toBe('HIT');
    const { browser } = await verifiedGuest();
    const holder = await guestLive(browser);
    expect(holder.how).toBeNull();
    expect(holder.live.access).toBe('ok');
    const after = await guestLive(new Browser());
    expect(after.live).toMatchObject({ access: 'identity', playback: null });
  });
});

describe('the pass in the database', () => {
  it('spends the verification it was bought with', async () => {
    const { authKey, res } = await verifiedGuest();
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT purpose, used_at AS usedAt FROM identity_sessions WHERE auth_key = ?').bind(authKey).first<{ purpose: string; usedAt: number | null }>();
    expect(row).toMatchObject({ purpose: 'guest-adult' });
    expect(row!.usedAt).not.toBeNull();
  });
});
