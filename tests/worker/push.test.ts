import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/shared/push-schemas';
import { MAX_PER_MEMBER } from '../../src/db/push-subscriptions';
import { pushRequest } from '../../src/lib/web-push';
import { Browser } from './helpers';
import { signedIn } from './watch-fixtures';
import { encoderRun } from './live-fixtures';
import { uniqueTag } from './unique';

// Web Push: a member's browsers keep subscriptions (only at a push service's address), and a followed channel going
// live is pushed to each, encrypted for it and signed with our VAPID key, in the language of the page that subscribed.
// The push service is scripts/lib/push-receiver.mjs on loopback: it checks the VAPID token and decrypts with
// http_ece (not our code), so what a test reads is what a browser would read.

const RECEIVER = env.TEST_PUSH_RECEIVER;

interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A browser's subscription at the loopback push service. */
async function newSubscription(): Promise<Subscription> {
  return (await fetch(`${RECEIVER}/subscriptions`, { method: 'POST' })).json<Subscription>();
}
const idOf = (sub: Subscription) => sub.endpoint.split('/').pop()!;
const received = async (sub: Subscription) => (await fetch(`${RECEIVER}/received/${idOf(sub)}`)).json<{ payload: string; ttl: number; urgency: string; topic: string }[]>();

const save = (browser: Browser, sub: Subscription, locale = 'ko') =>
  browser.fetch('/api/my/push-subscription', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    body: JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
  });
const stateOf = async (browser: Browser, endpoint: string) => (await (await browser.json('/api/my/push-subscription/state', { endpoint })).json<{ subscribed: boolean }>()).subscribed;
const rowsOf = async (memberId: number) =>
  (await env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE member_id = ? ORDER BY id').bind(memberId).all<{ endpoint: string }>()).results.map((r) => r.endpoint);

describe('web push', () => {
  it('encrypts a message that the push service can read, with a VAPID token it accepts', async () => {
    const sub = await newSubscription();
    const keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: 'mailto:test@flex.localhost' };
    const res = await fetch(await pushRequest(sub, '{"안녕":"하세요"}', keys, { ttl: 60, topic: 'live-1' }));
    expect(res.status).toBe(201);
    expect(await received(sub)).toEqual([{ payload: '{"안녕":"하세요"}', ttl: 60, urgency: 'normal', topic: 'live-1' }]);
    // A token that names another key than the one that signed it: the push service refuses it.
    const request = await pushRequest(sub, 'x', keys, { ttl: 60 });
    const forged = new Request(request, { headers: { ...Object.fromEntries(request.headers), authorization: request.headers.get('authorization')!.replace(/k=.*$/, `k=${sub.p256dh}`) } });
    expect((await fetch(forged)).status).toBe(403);
  });

  it('keeps, tells and lets go of a browser’s subscription; moves it to the member signed in on it; keeps the newest ten', async () => {
    const { publicKey } = await (await new Browser().fetch('/api/push/key')).json<{ publicKey: string }>();
    expect(publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const [a, b] = [await signedIn(), await signedIn()];
    const sub = await newSubscription();
    expect(await (await save(a.browser, sub)).json()).toEqual({ subscribed: true });
    expect((await save(a.browser, sub)).status).toBe(200); // again: still one row
    expect(await rowsOf(a.id)).toEqual([sub.endpoint]);
    expect(await stateOf(a.browser, sub.endpoint)).toBe(true);
    expect(await stateOf(b.browser, sub.endpoint)).toBe(false);

    expect((await save(b.browser, sub)).status).toBe(200); // b signed in on the same browser
    expect([await rowsOf(a.id), await rowsOf(b.id)]).toEqual([[], [sub.endpoint]]);
    expect(await (await b.browser.json('/api/my/push-subscription/delete', { endpoint: sub.endpoint })).json()).toEqual({ subscribed: false });
    expect(await rowsOf(b.id)).toEqual([]);

    const many = await Promise.all(Array.from({ length: MAX_PER_MEMBER + 2 }, newSubscription));
    for (const one of many) expect((await save(a.browser, one)).status).toBe(200);
    expect(await rowsOf(a.id)).toEqual(many.slice(2).map((s) => s.endpoint));
  });

  it('refuses a guest, a bad subscription and an address that is not a push service, in the member’s language, and keeps nothing', async () => {
    const a = await signedIn();
    const sub = await newSubscription();
    expect((await save(new Browser(), sub)).status).toBe(401);
    expect((await save(a.browser, { ...sub, p256dh: sub.p256dh.slice(1) })).status).toBe(400);
    expect((await save(a.browser, { ...sub, auth: `${sub.auth}==` })).status).toBe(400);
    for (const endpoint of ['https://evil.example/push/1', 'http://10.0.0.1/push/1', 'https://fcm.googleapis.com.evil.example/x', 'https://fcm.googleapis.com:8443/x', 'ftp://fcm.googleapis.com/x']) {
      const refused = await save(a.browser, { ...sub, endpoint }, 'en');
      expect(refused.status, endpoint).toBe(400);
      expect(await refused.json(), endpoint).toMatchObject({ error: { code: 'PUSH_ENDPOINT_REFUSED', message: "This browser's push service address isn't accepted." } });
    }
    expect(await rowsOf(a.id)).toEqual([]);
  });

  it('pushes a followed channel’s live to every browser that takes its notices, in each one’s language; forgets one the push service says is gone', async () => {
    const creator = await signedIn();
    const key = `push_key_${uniqueTag()}_abcdefgh`;
    const title = `푸시 방송 ${uniqueTag()}`;
    const channel = (await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key) VALUES (?, ?, ?) RETURNING id').bind(creator.id, title, key).first<{ id: number }>())!;
    const [fan, quiet, away] = [await signedIn(), await signedIn(), await signedIn()];
    const follow = (browser: Browser, notify: boolean) =>
      browser.fetch(`/api/channels/${channel.id}/follow`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notify }) });
    for (const [member, notify] of [
      [fan, true],
      [quiet, false],
      [away, true],
    ] as const)
      expect((await follow(member.browser, notify)).status).toBe(200);
    // No page of theirs opened lately: Web Push is the only way to tell them.
    await env.DB.prepare('UPDATE members SET inbox_seen_at = NULL WHERE id IN (?, ?, ?)').bind(fan.id, quiet.id, away.id).run();
    const [phone, laptop, muted, gone] = await Promise.all([newSubscription(), newSubscription(), newSubscription(), newSubscription()]);
    expect((await save(fan.browser, phone, 'ko')).status).toBe(200);
    expect((await save(fan.browser, laptop, 'en')).status).toBe(200);
    expect((await save(quiet.browser, muted)).status).toBe(200);
    expect((await save(away.browser, gone)).status).toBe(200);
    await fetch(`${RECEIVER}/gone/${idOf(gone)}`, { method: 'POST' }); // the browser unsubscribed at its push service

    await encoderRun(key, Date.now() - 10_000, { count: 3, startSec: 0 });
    for (let i = 0; i < 200 && ((await received(laptop)).length === 0 || (await rowsOf(away.id)).length > 0); i++) await new Promise((r) => setTimeout(r, 50));
    const [nickname] = [(await env.DB.prepare('SELECT nickname FROM members WHERE id = ?').bind(creator.id).first<{ nickname: string }>())!.nickname];
    const messageOf = async (sub: Subscription) => (await received(sub)).map((r) => ({ ...r, payload: JSON.parse(r.payload) as PushMessage }));
    const url = `/channel/${encodeURIComponent(creator.loginId)}`;
    expect(await messageOf(phone)).toEqual([
      { payload: { title: `${nickname}님이 방송을 시작했습니다`, body: title, url, tag: `live-${channel.id}` }, ttl: 3600, urgency: 'high', topic: `live-${channel.id}` },
    ]);
    expect((await messageOf(laptop)).map((m) => m.payload.title)).toEqual([`${nickname} is live`]);
    expect(await rowsOf(away.id)).toEqual([]); // 410: forgotten
    await new Promise((r) => setTimeout(r, 1000)); // a later batch would have come by now
    expect(await received(muted)).toEqual([]);
    expect(await received(phone)).toHaveLength(1);
  });
});
