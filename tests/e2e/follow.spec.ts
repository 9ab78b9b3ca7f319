// Following a channel from its page: a member follows it from the keyboard (a double click counts once), turns its
// went-live notices off and on with the bell, finds it on /my/following (the header's "팔로잉"), and unfollows it
// there. (The rules and the list's order: tests/worker/follows.test.ts.) When a followed channel goes live, the
// follower's open page shows a toast with a link, and a browser that turned on its notices gets a Web Push that the
// service worker shows as a notification.
import type { ChildProcess } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startBroadcast } from '../../scripts/lib/broadcaster.mjs';
import { startPushReceiver } from '../../scripts/lib/push-receiver.mjs';
import type { Page } from '@playwright/test';
import { LOOPBACK, addChannel, addMembers, expect, expectNoSeriousA11yViolations, fill, gotoHydrated, ko, person, test, until, url } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `flc${suffix}`, nickname: `팔로채널${suffix}` };
const FAN = { loginId: `flf${suffix}`, nickname: `팔로워${suffix}` };
const LIVE_CREATOR = { loginId: `flg${suffix}`, nickname: `알림채널${suffix}` };
const LIVE_FAN = { loginId: `flh${suffix}`, nickname: `알림팬${suffix}` };
const LIVE_TITLE = `알림 방송 ${suffix}`;
const RAIL_FAN = { loginId: `fli${suffix}`, nickname: `레일팬${suffix}` };
const QUIET = { loginId: `flj${suffix}`, nickname: `조용한채널${suffix}` };
let streamKey = '';
let broadcaster: ChildProcess | null = null;

test.beforeAll(async () => {
  await addMembers(CREATOR, FAN);
  await addChannel(CREATOR.loginId, `팔로우 채널 ${suffix}`, { live: true });
  await addMembers(LIVE_CREATOR, LIVE_FAN);
  streamKey = await addChannel(LIVE_CREATOR.loginId, LIVE_TITLE);
  await addMembers(RAIL_FAN, QUIET);
  await addChannel(QUIET.loginId, `조용한 채널 ${suffix}`);
});

test.afterAll(() => {
  broadcaster?.kill('SIGKILL');
});

test('a member follows a channel, turns its notices off and on, finds it under Following and unfollows it there', async ({ browser }) => {
  const fan = await person(browser, FAN.loginId, `/channel/${CREATOR.loginId}`);
  const { page } = fan;
  const followButton = page.getByRole('button', { name: ko.follow.follow, exact: true });
  await expect(page.getByText(fill(ko.follow.count, { count: '0' }))).toBeVisible();
  await followButton.dblclick();
  const following = page.getByRole('button', { name: ko.follow.following, exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(fill(ko.follow.count, { count: '1' }))).toBeVisible();
  const bell = page.getByRole('button', { name: fill(ko.follow.notifyLabel, { nickname: CREATOR.nickname }) });
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await bell.press('Enter');
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.press('Enter');
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.following }).click();
  await expect(page).toHaveURL(/\/my\/following$/);
  await expect(page.getByRole('heading', { level: 1, name: ko.lists.LIKE.title })).toBeVisible();
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: CREATOR.nickname });
  await expect(row).toContainText(fill(ko.follow.viewers, { count: '1' }));
  await row.getByRole('button', { name: fill(ko.follow.unfollowOne, { nickname: CREATOR.nickname }) }).click();
  await expect(page.getByText(ko.lists.LIKE.empty)).toBeVisible();
  expect(fan.errors).toEqual([]);
  await fan.context.close();
});

test('a followed channel going live shows a toast on the follower’s page and comes to their browser by Web Push', async ({ browserName }) => {
  // The browser's push service (FCM for Chromium) is out of reach here: the page's PushManager hands out a
  // subscription at the loopback push service instead, which checks our VAPID token and decrypts what we send.
  const receiver = await startPushReceiver();
  const subscription = (await (await fetch(`${receiver.origin}/subscriptions`, { method: 'POST' })).json()) as { endpoint: string; p256dh: string; auth: string };
  // The headless shell the other specs use refuses notifications whatever is granted: the full browser here, with
  // its service worker running (the suite blocks it elsewhere).
  expect(browserName).toBe('chromium');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const fakePush = (sub: typeof subscription) => {
    const held = () => sessionStorage.getItem('test-push') === '1';
    const fake = {
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem('test-push');
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem('test-push', '1');
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => (held() ? (fake as unknown as PushSubscription) : null);
  };
  const fan = await person(browser, LIVE_FAN.loginId, `/channel/${LIVE_CREATOR.loginId}`, {
    permissions: ['notifications'],
    serviceWorkers: 'allow',
    reducedMotion: 'reduce',
    before: async (page) => {
      await page.context().addInitScript(fakePush, subscription);
    },
  });
  const { page, context } = fan;
  await page.getByRole('button', { name: ko.follow.follow, exact: true }).click();
  await expect(page.getByRole('button', { name: ko.follow.following, exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.following }).click();
  await expect(page.getByRole('heading', { level: 1, name: ko.lists.LIKE.title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: ko.push.status.off })).toBeVisible();
  await page.getByRole('button', { name: ko.push.turnOn }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: ko.push.status.on })).toBeVisible();
  await expect(page.getByRole('button', { name: ko.push.turnOff })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: ko.nav.home }).first().click();

  broadcaster = startBroadcast({ origin: LOOPBACK, streamKey, durationSeconds: 30, width: 320, height: 180, thumbnails: false, stdio: 'ignore' });
  const toast = page.getByRole('status').filter({ hasText: fill(ko.follow.wentLive, { nickname: LIVE_CREATOR.nickname, title: LIVE_TITLE }) });
  await expect(toast).toBeVisible({ timeout: 30_000 });

  const id = subscription.endpoint.split('/').pop();
  const [pushed] = await until(
    'the push',
    async () => {
      const got = (await (await fetch(`${receiver.origin}/received/${id}`)).json()) as { payload: string }[];
      return got.length ? got : null;
    },
    20_000,
  );
  const message = JSON.parse(pushed!.payload) as { title: string; body: string; url: string };
  expect(message).toMatchObject({ title: fill(ko.push.wentLive.title, { nickname: LIVE_CREATOR.nickname }), body: LIVE_TITLE, url: `/channel/${LIVE_CREATOR.loginId}` });

  // What the push service would hand the browser, handed to our service worker: it shows the notification.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  // A push handed to a worker still installing is lost (on a busy machine it can still be): wait until it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const notifications = () =>
    page
      .evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url })))
      .then((all) => (all.length ? all : null));
  // DevTools' delivery is the browser's, not ours, and on a loaded machine one was lost now and then (no notification
  // in 10 s, the worker active): it is handed over again after 5 s, up to three times. The notice's tag makes a second
  // delivery replace the first, so the worker still shows exactly one.
  let shown: Awaited<ReturnType<typeof notifications>> = null;
  for (let attempt = 0; attempt < 3 && !shown; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registration, data: pushed!.payload });
    shown = await until('the notification', notifications, 5_000).catch(() => null);
  }
  expect(shown).toEqual([{ title: message.title, body: LIVE_TITLE, url: message.url }]);
  broadcaster.kill('SIGKILL');
  await receiver.stop();
  expect(fan.errors).toEqual([]);
  await browser.close();
});

test('the home page puts the followed channels’ lives first, and a wide screen lists the followed channels down its left', async ({ browser }) => {
  const follow = async (page: Page, loginId: string) => {
    await gotoHydrated(page, url('flex', `/channel/${loginId}`));
    await page.getByRole('button', { name: ko.follow.follow, exact: true }).click();
    await expect(page.getByRole('button', { name: ko.follow.following, exact: true })).toBeVisible();
  };
  const fan = await person(browser, RAIL_FAN.loginId, null, { viewport: { width: 1440, height: 900 } });
  const { page } = fan;
  // Following nobody yet: the rail says so and offers lives on air. (The home page comes from the members' shared
  // copy: the member, and their greeting, come in right after hydration.)
  await gotoHydrated(page, url('flex', '/'));
  await expect(page.locator('header a.me')).toBeVisible();
  const rail = page.getByRole('navigation', { name: ko.follow.rail.title });
  await expect(rail.getByText(ko.follow.rail.empty)).toBeVisible();
  await expect(rail.getByRole('heading', { name: ko.follow.rail.suggested })).toBeVisible();
  await expect(rail.getByRole('listitem').first()).toContainText(ko.follow.rail.live);
  await follow(page, CREATOR.loginId); // on air (the first test's channel)
  await follow(page, QUIET.loginId); // off air
  await gotoHydrated(page, url('flex', '/'));
  const section = page.getByRole('region', { name: ko.home.following });
  await expect(section).toContainText(`팔로우 채널 ${suffix}`);
  await expect(rail.getByRole('heading', { name: ko.follow.rail.suggested })).toHaveCount(0);
  const rows = rail.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(CREATOR.nickname);
  await expect(rows.nth(0)).toContainText(ko.follow.rail.live);
  await expect(rows.nth(1)).toContainText(QUIET.nickname);
  await expect(rows.nth(1)).toContainText(ko.follow.rail.offline);
  await expectNoSeriousA11yViolations(page);
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/channel/${QUIET.loginId}$`));
  // A phone: no rail, the section stays.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, url('flex', '/'));
  await expect(page.getByRole('region', { name: ko.home.following })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ko.follow.rail.title })).toHaveCount(0);
  expect(fan.errors).toEqual([]);
  await fan.context.close();
});
