// The watch pages in the browser against the demo seed (scripts/seed-demo.mjs): home (banners, live
// cards, themes, the event popup), channel gating (adult, password), the member lists and the creator
// studio. Video playback itself is tests/e2e/playback.spec.ts.
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  LOOPBACK,
  PORT,
  addChannel,
  addMembers,
  d1,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  gotoHydrated,
  ko,
  pageCall,
  person,
  signIn,
  test,
  url,
  openTestLive,
  removeTestLives,
  sql,
} from './fixtures';

const MARK = 'e2e-watch'; // titles of the lives this file inserts, so it can remove exactly those
const PASSWORD_CHANNEL = { id: 4, loginId: 'demo_caster4', nickname: '비밀방송' };
const ADULT_CHANNEL = { id: 3, loginId: 'demo_caster3' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await openTestLive(PASSWORD_CHANNEL.id, `${MARK} 비밀 라이브`, { viewers: 5, startedAgoMs: 90_000 });
  await openTestLive(ADULT_CHANNEL.id, `${MARK} 심야 라이브`, { viewers: 3, startedAgoMs: 90_000 });
});

test.afterAll(() => removeTestLives(MARK));

test('home shows the seeded banners, the live cards and the themes; a theme chip opens its page', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex'));
  const carousel = page.getByRole('region', { name: ko.home.banners });
  await expect(carousel).toContainText('FlexTV 오픈!');
  await carousel.getByRole('button', { name: ko.home.nextBanner }).click();
  await expect(carousel).toContainText('게임 방송 모아보기');
  await carousel.getByRole('button', { name: ko.home.prevBanner }).click();
  await expect(carousel).toContainText('FlexTV 오픈!');
  await expect(page.getByRole('list', { name: ko.home.newBanners })).toContainText('나도 크리에이터');

  const lives = page.getByRole('list', { name: ko.home.liveNow });
  const card = lives.getByRole('listitem').filter({ hasText: `${MARK} 비밀 라이브` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(PASSWORD_CHANNEL.nickname);
  await expect(card).toContainText('시청자 5명');
  await expect(card).toContainText(ko.home.lockBadge);
  await expect(card.getByRole('link')).toHaveAttribute('href', `/channel/${PASSWORD_CHANNEL.loginId}`);
  // Gated lives' cards: our own blurred tile with a lock or the 19 mark, never a picture of the live (the server sends none).
  await expect(card.locator('.thumb-gated-password svg')).toBeVisible();
  const adultCard = lives.getByRole('listitem').filter({ hasText: `${MARK} 심야 라이브` });
  await expect(adultCard.locator('.thumb-gated-adult')).toHaveText('19');
  await expect(adultCard).toContainText(ko.home.adultBadge);
  await expect(lives.getByRole('listitem').filter({ hasText: MARK }).locator('img')).toHaveCount(0);
  await lives.screenshot({ path: test.info().outputPath('gated-cards.png') });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: ko.home.themes }).getByRole('link', { name: ko.themes.talk }).click();
  await page.waitForURL(/\/theme\/talk$/);
  await expect(page.getByRole('heading', { level: 1, name: ko.themes.talk })).toBeVisible();
  await expect(page.getByRole('list', { name: ko.theme.lives.replace('{{theme}}', ko.themes.talk) })).toContainText(`${MARK} 비밀 라이브`);
  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

test.describe('the event popup', () => {
  test.use({ eventPopup: true });

  test('shows once per browser session, then not again after a reload', async ({ page }) => {
    await gotoHydrated(page, url('flex'));
    const popup = page.getByRole('dialog', { name: '오픈 기념 이벤트' });
    await expect(popup).toBeVisible();
    // Keyboard users start on close (data-autofocus), not on the first link.
    await expect(popup.getByRole('button', { name: ko.common.close })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await popup.getByRole('button', { name: ko.common.close }).click();
    await expect(popup).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('showPopup'))).toBe('false');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('list', { name: ko.home.liveNow })).toBeVisible();
    await expect(popup).toHaveCount(0);
  });
});

test('an adult live asks a guest to verify identity; the button opens the members-only modal', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex', `/channel/${ADULT_CHANNEL.loginId}`));
  await expect(page.getByText(ko.channel.identityRequired)).toBeVisible();
  await expect(page.locator('.player')).toHaveCount(0);
  // The chat says the same and opens no socket (no refused ticket call: consoleErrors below stays empty).
  await expect(page.getByRole('region', { name: ko.chat.title }).getByRole('status')).toHaveText(ko.chat.access.identity);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: ko.channel.verify }).click();
  const dialog = page.getByRole('dialog', { name: ko.membersOnly.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: ko.membersOnly.login })).toHaveAttribute('href', `/signin?callbackURL=${encodeURIComponent(`/channel/${ADULT_CHANNEL.loginId}`)}`);
  expect(consoleErrors).toEqual([]);
});

test('a guest verifies their age at /guest-auth from the adult gate and then watches without an account', async ({ page, consoleErrors }) => {
  const channelPath = `/channel/${ADULT_CHANNEL.loginId}`;
  await gotoHydrated(page, url('flex', channelPath));
  await page.getByRole('link', { name: ko.guestAuth.gateLink }).click();
  await page.waitForURL(/\/guest-auth\?callbackURL=/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: ko.guestAuth.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Keyboard only: focus the button and press Enter; the provider's (dev) window opens.
  await page.getByRole('button', { name: ko.guestAuth.verify }).focus();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await expect(popup.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await popup.locator('input[name=name]').fill('손님');
  await popup.locator('input[name=birthday]').fill('1990-03-04');
  await popup.locator('input[name=gender][value=M]').check();
  await popup.locator('input[name=phone]').fill('01077778888');
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: ko.identity.complete }).click()]);
  const done = page.getByRole('status').filter({ hasText: ko.guestAuth.watch });
  await expect(done).toBeFocused();
  await done.getByRole('link', { name: ko.guestAuth.watch }).click();
  await page.waitForURL((u) => u.pathname === channelPath);
  await expect(page.locator('.player')).toBeVisible();
  await expect(page.getByText(ko.channel.identityRequired)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a password live asks for the password and shows the API’s message for a wrong one', async ({ page }) => {
  await gotoHydrated(page, url('flex', `/channel/${PASSWORD_CHANNEL.loginId}`));
  await expect(page.getByText(ko.channel.passwordRequired)).toBeVisible();
  const input = page.getByLabel(ko.channel.password);
  await expectNoSeriousA11yViolations(page);
  await input.fill('0000');
  await page.getByRole('button', { name: ko.channel.enter }).click();
  await expect(page.getByRole('alert')).toHaveText(ko.errors.livePasswordWrong);
  await expect(input).toHaveAccessibleDescription(ko.errors.livePasswordWrong);
  await input.fill('1234');
  await page.getByRole('button', { name: ko.channel.enter }).click();
  await expect(page.locator('.player')).toBeVisible(); // the signed playback: the player takes over
  await expect(input).toHaveCount(0);
});

test('a guest’s member links open the members-only modal; a member sees and edits their lists', async ({ page, consoleErrors }) => {
  // Other specs sign demo_viewer in and watch (playback.spec.ts adds the adult channel): start from the seeded two.
  await d1(sql`DELETE FROM watch_history WHERE member_id = (SELECT id FROM members WHERE login_id = 'demo_viewer') AND channel_id NOT IN (1, 2)`);
  await gotoHydrated(page, url('flex'));
  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('button', { name: ko.nav.recent }).click();
  await expect(page.getByRole('dialog', { name: ko.membersOnly.title })).toBeVisible();

  await signIn(page, 'demo_viewer', 'demo-pass-1234', '/my/recent');
  await expect(page.getByRole('heading', { level: 1, name: ko.lists.RECENT_VIEW.title })).toBeVisible();
  const rows = page.locator('.channel-list > li');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('하늘토크');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: ko.lists.deleteOne.replace('{{nickname}}', '게임하는별') }).click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(page.locator('.channel-list > li')).toHaveCount(1); // gone on the server too

  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.gifts }).click();
  await page.waitForURL(/\/my\/gifts$/);
  await expect(page.locator('.channel-list > li').first()).toContainText('3,300');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.subscriptions }).click();
  await page.waitForURL(/\/my\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: ko.lists.SUBSCRIPTIONS_VIEW.title })).toBeVisible();
  const subscriptions = page.locator('.channel-list > li');
  await expect(subscriptions.filter({ hasText: '하늘토크' })).toContainText('만료'); // active: when it ends
  await expect(subscriptions.filter({ hasText: '게임하는별' })).toContainText('만료됨'); // status 3: expired
  await expectNoSeriousA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

test('the studio registers a channel, hides and reveals its key, and rotates it', async ({ page, consoleErrors }) => {
  const loginId = `studio${Date.now() % 1_000_000}`;
  const salt = randomBytes(16);
  const hash = `pbkdf2-sha256$100000$${salt.toString('base64url')}$${pbkdf2Sync('Passw0rd!', salt, 100_000, 32, 'sha256').toString('base64url')}`;
  await d1(sql`INSERT INTO members (login_id, nickname, password_hash, identity_verified, adult) VALUES (${loginId}, ${`스튜${loginId.slice(-4)}`}, ${hash}, 1, 1)`);

  await signIn(page, loginId, 'Passw0rd!', '/caster');
  await expect(page.getByRole('heading', { name: ko.caster.register })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(ko.channelProfile.name).fill('스튜디오 첫 방송');
  await page.getByLabel(ko.caster.theme).selectOption({ label: ko.themes.music });
  await page.getByRole('button', { name: ko.caster.registerSubmit }).click();

  const key = page.getByLabel(ko.caster.streamKey, { exact: true });
  await expect(key).toHaveAttribute('type', 'password'); // hidden by default
  const first = await key.inputValue();
  expect(first).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  const ffmpeg = page.locator('.command code').nth(1);
  await expect(ffmpeg).not.toContainText(first);
  await page.getByRole('button', { name: ko.caster.show }).click();
  await expect(key).toHaveAttribute('type', 'text');
  await expect(ffmpeg).toContainText(`-method PUT http://flex.localhost:${PORT}/live/ingest/${first}/index.m3u8`);
  // A creator is shown what an encoder needs, never a command of this repository's.
  await expect(page.locator('.command code')).toHaveCount(2);
  await expect(page.getByText('npm run')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: ko.caster.rotate }).click();
  const confirm = page.getByRole('dialog', { name: ko.caster.rotate });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: ko.caster.rotateNow }).click();
  await expect(key).not.toHaveValue(first);
  const second = await key.inputValue();
  expect(second).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  await page.reload();
  await expect(page.getByLabel(ko.caster.streamKey, { exact: true })).toHaveValue(second); // the server has the new key
  // On a phone the key keeps a field of its own size, its buttons going under it (it was squeezed to a sliver by them).
  await page.setViewportSize({ width: 320, height: 700 });
  await expect.poll(() => key.evaluate((input) => input.getBoundingClientRect().width)).toBeGreaterThan(150);
  expect(consoleErrors).toEqual([]);
});

/** The name each visible form control of the studio is known by: its aria-label, or the text of its <label>. */
const controlNames = (page: Page) =>
  page.locator('.caster-page').evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLInputElement>('input, select, textarea'))
      .filter((el) => el.checkVisibility())
      .map((el) => (el.getAttribute('aria-label') ?? Array.from(el.labels ?? [], (label) => label.textContent ?? '').join(' ')).trim()),
  );

test('the studio: four sections in tabs, by keyboard and in the address; one labelled field per setting, each saved where it was', async ({ browser }) => {
  test.setTimeout(90_000); // four sections, two checked by axe, on a busy machine
  const owner = { loginId: `studio${Date.now() % 1_000_000}`, nickname: `탭${Date.now() % 10_000}` };
  await addMembers(owner);
  await addChannel(owner.loginId, `${MARK} 스튜디오 채널`);
  const { page, context, errors } = await person(browser, owner.loginId, '/caster', { viewport: { width: 1366, height: 900 } });
  const tabs = page.getByRole('tablist', { name: ko.caster.studio.sections });
  const tab = (key: 'channel' | 'live' | 'money' | 'community') => tabs.getByRole('tab', { name: ko.caster.studio[key] });
  const names: string[] = [];

  // Channel (where /caster opens): the name and description once, with the links, each field named.
  await expect(tab('channel')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(ko.channelProfile.name)).toHaveValue(`${MARK} 스튜디오 채널`);
  await page.getByRole('button', { name: ko.channelProfile.addLink }).click();
  await page.getByRole('button', { name: ko.channelProfile.addLink }).click();
  await page.getByLabel(ko.channelProfile.name).fill('탭 스튜디오');
  await page.getByLabel(ko.channelProfile.description, { exact: true }).fill('스튜디오 소개');
  await page.getByLabel(fill(ko.caster.studio.linkName, { n: 1 })).fill('유튜브');
  await page.getByLabel(fill(ko.caster.studio.linkAddress, { n: 1 })).fill('https://example.com/tab');
  await page.getByRole('button', { name: ko.channelProfile.save }).click();
  await expect(page.locator('.toast').filter({ hasText: ko.channelProfile.saved })).toBeVisible();
  names.push(...(await controlNames(page)));
  await expectNoSeriousA11yViolations(page);

  // Arrow keys move between the tabs; the address follows, and the live settings save without the name.
  await tab('channel').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('live')).toBeFocused();
  await expect(tab('live')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/caster\?section=live$/);
  await expect(page.getByLabel(ko.caster.streamKey, { exact: true })).toBeVisible();
  await expect(page.getByLabel(ko.channelProfile.name)).toBeHidden();
  await page.getByLabel(ko.caster.theme).selectOption({ label: ko.themes.music });
  await page.getByLabel(ko.caster.maxViewers).fill('20');
  await page.getByRole('button', { name: ko.caster.save }).click();
  await expect(page.locator('.toast').filter({ hasText: ko.caster.saved })).toBeVisible();
  expect((await pageCall(page, 'GET', '/api/my/channel/settings')).body).toMatchObject({ title: '탭 스튜디오', description: '스튜디오 소개', themeCode: 'music', maxViewers: 20 });
  expect((await pageCall(page, 'GET', '/api/my/channel/profile')).body).toMatchObject({ name: '탭 스튜디오', links: [{ label: '유튜브', url: 'https://example.com/tab' }] });
  // axe checks the live section in the test above, the money section in payouts.spec.ts and gift.spec.ts.
  names.push(...(await controlNames(page)));

  await tab('live').focus();
  await page.keyboard.press('End');
  await expect(tab('community')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(ko.emoji.studio.code)).toBeVisible();
  await expect(page.getByRole('radio', { name: ko.board.setting.everyone })).toBeVisible();
  await expect(page).toHaveURL(/\/caster\?section=community$/);
  names.push(...(await controlNames(page)));
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('ArrowLeft');
  await expect(tab('money')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('payout-earnings')).toBeVisible();
  await expect(page.getByLabel(fill(ko.studioPresets.amountLabel, { index: 1, currency: ko.currency.bell }))).toBeVisible();
  names.push(...(await controlNames(page)));

  // Every field has a name, and no two share one.
  expect(names.filter((name) => !name)).toEqual([]);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);

  // A reload (or the link shared) opens the same section; so does a phone, whose tabs fit its width.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(tab('money')).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('payout-earnings')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
  await context.close();
});

test('a channel page that will play hints its page and player chunks (modulepreload), and hls.js apart for MSE; a gated one neither', async ({ request }) => {
  // Node cannot resolve *.localhost: ask loopback, which serves the default brand.
  const loopback = (path: string) => `${LOOPBACK}${path}`;
  const manifest = (await (await request.get(loopback('/assets/preload.json'))).json()) as { modules: Record<string, string[]>; boot: string };
  // The boot script adds a <link rel="modulepreload"> for each chunk in its data-preload once the page has painted.
  const hints = async (path: string, attribute = 'data-preload') =>
    (await (await request.get(loopback(path))).text())
      .match(new RegExp(`${attribute}="([^"]*)"`))?.[1]
      ?.split(' ')
      .filter(Boolean) ?? [];
  const title = `${MARK} 프리로드`;
  await d1(
    sql`INSERT INTO streams (channel_id, kind, source, title, started_at, last_media_at) SELECT 2, 1, 'flex', ${title}, ${Date.now()}, ${Date.now()} WHERE NOT EXISTS (SELECT 1 FROM streams WHERE channel_id = 2 AND ended_at IS NULL)`,
  );
  try {
    const playing = await hints('/channel/demo_caster2');
    const gated = await hints(`/channel/${ADULT_CHANNEL.loginId}`); // a guest: identity gate
    for (const module of ['client/pages/ChannelPage.tsx', 'client/components/player/Player.tsx']) {
      expect(manifest.modules[module]?.length, module).toBeGreaterThan(0);
      for (const chunk of manifest.modules[module]!) expect(playing).toContain(chunk);
    }
    for (const chunk of manifest.modules['client/pages/ChannelPage.tsx']!) expect(gated).toContain(chunk);
    const playerOnly = manifest.modules['client/components/player/Player.tsx']!.filter((c) => !manifest.modules['client/pages/ChannelPage.tsx']!.includes(c));
    expect(playerOnly.length).toBeGreaterThan(0);
    for (const chunk of playerOnly) expect(gated).not.toContain(chunk);
    // hls.js is hinted apart, for browsers with MSE only (elsewhere the browser plays HLS itself: src/render/preload.ts);
    // what it imports of the player's boot chunk is not hinted again: the boot script imports that chunk itself.
    expect(manifest.modules['client/components/player/hls-engine.ts']).toContain(manifest.boot);
    const hlsChunks = manifest.modules['client/components/player/hls-engine.ts']!.filter((chunk) => chunk !== manifest.boot);
    expect(hlsChunks.length).toBeGreaterThan(0);
    for (const chunk of hlsChunks) expect(playing).not.toContain(chunk);
    expect(await hints('/channel/demo_caster2', 'data-preload-mse')).toEqual(hlsChunks);
    expect(await hints(`/channel/${ADULT_CHANNEL.loginId}`, 'data-preload-mse')).toEqual([]);
  } finally {
    await d1(sql`DELETE FROM streams WHERE title = ${title}`);
  }
});

/** The first paint and every script of the page asked for, from inside the page once it has hydrated. */
async function scriptsAndPaint(page: Page, path: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPaint?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-paint') w.__firstPaint = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await gotoHydrated(page, url('flex', path));
  const { firstPaint, scripts } = await page.evaluate(() => ({
    firstPaint: (window as unknown as { __firstPaint?: number }).__firstPaint ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
  }));
  expect(firstPaint).not.toBeNull();
  expect(scripts.map((s) => s.path)).toContain('/assets/main.js');
  return { beforePaint: scripts.filter((s) => s.start < firstPaint!).map((s) => s.path), firstPaint };
}

test('the document paints before its code loads, then the boot script imports main.js and hints every chunk', async ({ page, consoleErrors }) => {
  // No script of the page is requested before the first paint; every one of them after it (src/render/document.tsx).
  const { beforePaint, firstPaint } = await scriptsAndPaint(page, '/channel/demo_caster1');
  const hinted = (await page.locator('script[data-preload]').getAttribute('data-preload'))?.split(' ').filter(Boolean) ?? [];
  expect(hinted.length).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) => new URL(l.href).pathname))).toEqual(hinted);
  expect(beforePaint, `first paint ${firstPaint}`).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a live's page may ask for the player's boot chunk before the paint, and for nothing else of its code", async ({ browser }) => {
  const title = `${MARK} 첫 화면`;
  await openTestLive(2, title);
  const page = await browser.newPage();
  try {
    const live = await scriptsAndPaint(page, '/channel/demo_caster2');
    const boot = await page.locator('script[data-player]').getAttribute('data-player');
    expect(boot).toMatch(/^\/assets\/player-boot-/);
    // The boot script asks for it as it runs (src/render/document.tsx), which may be before the paint or after it.
    expect(live.beforePaint.filter((path) => path !== boot)).toEqual([]);
  } finally {
    await page.close();
    await removeTestLives(title);
  }
});
