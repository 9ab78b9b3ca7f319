import { COOKIE } from '../../src/shared/constants';
import { LOOPBACK, PASSWORD, addMembers, expect, expectNoSeriousA11yViolations, gotoHydrated, mintCoupon, pageCall, signIn, test, url } from './fixtures';

test('guests get the members-only modal, whose buttons carry the current path', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex', '/?from=test'));
  await page.getByRole('button', { name: '마이페이지' }).click();
  const dialog = page.getByRole('dialog', { name: '회원 전용' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('로그인이 필요한 서비스입니다.');
  const callback = encodeURIComponent('/?from=test');
  await expect(dialog.getByRole('link', { name: '로그인' })).toHaveAttribute('href', `/signin?callbackURL=${callback}`);
  await expect(dialog.getByRole('link', { name: '10초 간편 회원가입' })).toHaveAttribute('href', `/signup?callbackURL=${callback}`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('the login modal opens on login, switches tabs by keyboard, and resets to login each time', async ({ page }) => {
  await gotoHydrated(page, url('live'));
  await page.getByRole('button', { name: '로그인' }).click();
  const dialog = page.getByRole('dialog', { name: '회원으로 로그인' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: '로그인' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: '회원가입' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: '회원가입' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '닫기' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(dialog.getByRole('tab', { name: '로그인' })).toHaveAttribute('aria-selected', 'true');
});

test('the session-expired modal waits 100 ms; OK opens the login modal, cancel reloads', async ({ page }) => {
  await gotoHydrated(page, url('flex'));
  const started = await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent('flx:session-expired'));
    return performance.now();
  });
  const dialog = page.getByRole('dialog', { name: '세션 만료' });
  await expect(dialog).toBeVisible();
  const shownAfter = (await page.evaluate(() => performance.now())) - started;
  expect(shownAfter).toBeGreaterThanOrEqual(100);
  await expect(dialog).toContainText('세션이 만료되었습니다. 다시 로그인 후 이용하실 수 있습니다.');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('dialog', { name: '회원으로 로그인' })).toBeVisible();

  await gotoHydrated(page, url('flex'));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('flx:session-expired')));
  await expect(dialog).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '취소' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();

  // a click outside the dialog reloads too
  await gotoHydrated(page, url('flex'));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('flx:session-expired')));
  await expect(dialog).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.mouse.click(5, 5)]);
});

test('alerts show a modal in the browser and the native dialog inside the app', async ({ page, browser }) => {
  // A real alert: signing in without an ID.
  const submitEmpty = (p: typeof page) => p.locator('main').getByRole('button', { name: '로그인', exact: true }).click();
  await gotoHydrated(page, url('flex', '/signin'));
  await submitEmpty(page);
  const dialog = page.getByRole('dialog', { name: '알림' });
  await expect(dialog).toContainText('아이디를 확인해주세요.');
  await dialog.getByRole('button', { name: '확인' }).click();
  await expect(dialog).toBeHidden();

  const app = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile FlexLiveApp/3.0' });
  const native = await app.newPage();
  await gotoHydrated(native, url('flex', '/signin'));
  // The platform's alert blocks the page, so the click settles only once the alert is answered.
  const shown = native.waitForEvent('dialog');
  const clicked = submitEmpty(native);
  const alert = await shown;
  expect(alert.type()).toBe('alert');
  expect(alert.message()).toBe('아이디를 확인해주세요.');
  await alert.accept();
  await clicked;
  await app.close();
});

test('route changes run the 2px #29d progress bar, which also finishes on error', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/nope'));
  const bar = page.locator('.progress-bar');
  await expect(bar).toHaveCSS('height', '2px');
  await expect(bar).toHaveCSS('background-color', 'rgb(34, 153, 221)');

  // a slow navigation shows the bar loading, then done, and the page changes in place
  await page.route('**/', async (route) => {
    if (route.request().headers()['x-page-props']) await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(bar).toHaveAttribute('data-state', 'loading');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
  await expect(bar).toHaveAttribute('data-state', /done|idle/);
  expect(page.url()).toBe(url('flex', '/'));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no full reload
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');

  // a failing navigation finishes the bar and falls back to a full page load
  await page.unroute('**/');
  await page.route('**/', (route) => (route.request().headers()['x-page-props'] ? route.abort() : route.continue()));
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

test('an in-app navigation answered by another build (a release since the page loaded) loads the page whole', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/nope'));
  const built = await page.evaluate(() => (JSON.parse(document.getElementById('__PROPS__')!.textContent!) as { build?: string }).build);
  expect(built).toMatch(/^[0-9a-f]{12}$/);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  // The same build: in place, the page's state kept.
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다');

  // The props now come from another build: the home page loads whole, from the server's document.
  await page.route('**/', async (route) => {
    if (!route.request().headers()['x-page-props']) return route.continue();
    // From the test's side: Node cannot resolve *.localhost, so the same request goes to loopback with the brand's host.
    const { pathname, host } = new URL(route.request().url());
    const response = await route.fetch({ url: `${LOOPBACK}${pathname}`, headers: { ...route.request().headers(), host } });
    await route.fulfill({ response, json: { ...(await response.json()), build: 'a0b1c2d3e4f5' } });
  });
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(page.url()).toBe(url('flex', '/'));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

test('toasts appear top-right', async ({ page }) => {
  await gotoHydrated(page, url('nest'));
  await page.getByLabel('언어').selectOption('ja');
  await page.getByRole('button', { name: '변경' }).click();
  const toast = page.locator('.toast');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x + box.width).toBeGreaterThan(width - 40);
  expect(box.y).toBeLessThan(40);
});

test('the accessibility check fails on a page with serious violations (low contrast, an unlabelled field)', async ({ page }) => {
  await page.setContent('<main><h1>t</h1><p style="color:#bbb;background:#fff">faint</p><input type="text"></main>');
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('label');
});

test("the header keeps its menu on one line, and a member's greeting on one, from a tablet to a wide screen, in English", async ({ page, context }) => {
  await context.addCookies([{ name: COOKIE.locale, value: 'en', url: url('flex') }]);
  const layoutAt = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    return page.locator('.site-header').evaluate((header) => {
      const height = (selector: string) => header.querySelector(selector)?.getBoundingClientRect().height ?? 0;
      return { menu: height('.main-nav ul'), item: height('.main-nav li'), greeting: height('.me-greeting'), overflow: header.scrollWidth - header.clientWidth };
    });
  };
  const widths = [800, 1024, 1280, 1700];
  await gotoHydrated(page, url('flex'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const width of widths) {
    const guest = await layoutAt(width);
    expect([width, guest.menu, guest.overflow <= 0]).toEqual([width, guest.item, true]);
  }
  await signIn(page, 'demo_caster1', PASSWORD, '/');
  for (const width of widths) {
    const member = await layoutAt(width);
    // Beside a member's actions an English menu once had 200 px at 1,024 px and wrapped onto five lines.
    expect([width, member.menu, member.overflow <= 0]).toEqual([width, member.item, true]);
    expect(member.greeting, `greeting at ${width} px`).toBeGreaterThan(0);
    expect(member.greeting, `greeting at ${width} px`).toBeLessThan(member.item * 1.5);
  }
});

test("on a phone a channel's tabs scroll sideways, never break a name, and a linked tab is in view", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addCookies([{ name: COOKIE.locale, value: 'th', url: url('flex') }]);
    const page = await context.newPage();
    await gotoHydrated(page, url('flex', '/channel/demo_caster2?tab=board'));
    const list = page.getByRole('tablist').first();
    const selected = list.getByRole('tab', { selected: true });
    await expect(selected).toHaveAttribute('id', 'channel-tab-board');
    const at = await list.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const tabs = [...element.querySelectorAll('[role="tab"]')];
      const chosen = element.querySelector('[aria-selected="true"]')!.getBoundingClientRect();
      return {
        scrolls: element.scrollWidth > element.clientWidth,
        inView: chosen.left >= box.left - 1 && chosen.right <= box.right + 1,
        // One box per line of a name: a name broken across lines has two.
        oneLine: tabs.every((tab) => {
          const text = document.createRange();
          text.selectNodeContents(tab);
          return text.getClientRects().length === 1;
        }),
      };
    });
    expect(at).toEqual({ scrolls: true, inView: true, oneLine: true });
  } finally {
    await context.close();
  }
});

test("on a 320 px phone every control of the header is on screen, and a logo left no room is the brand's mark", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  try {
    await context.addCookies([{ name: COOKIE.locale, value: 'en', url: url('flex') }]);
    const page = await context.newPage();
    // The header's controls past either edge of the screen (the menu scrolls sideways on purpose; the skip link
    // shows on focus only). A member's row once overflowed to the left, where nothing scrolls to it.
    const offScreen = () =>
      page.locator('.site-header').evaluate((header) =>
        [...header.querySelectorAll<HTMLElement>('a, button, select, input')]
          .filter((control) => control.offsetWidth > 0 && !control.closest('.main-nav') && !control.classList.contains('skip-link'))
          .filter((control) => control.getBoundingClientRect().left < -0.5 || control.getBoundingClientRect().right > innerWidth + 0.5)
          .map((control) => control.getAttribute('aria-label') ?? control.textContent),
      );
    await gotoHydrated(page, url('flex'));
    // A guest's English buttons leave the logo about 34 px: its wordmark would be a smudge there.
    const mark = page.locator('.brand-logo .brand-mark');
    await expect(mark).toBeVisible();
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await offScreen()).toEqual([]);
    // A member with a seven-digit balance: their row (picture, messages, balance, log out) is wider than the screen.
    const loginId = `hdr${Date.now().toString(36).slice(-6)}`;
    await addMembers({ loginId, nickname: `머리${loginId.slice(-4)}` });
    await signIn(page, loginId, PASSWORD, '/');
    expect((await pageCall(page, 'POST', '/api/shoppings/useCoupon', { couponNumber: await mintCoupon(1_234_567) })).status).toBe(200);
    await gotoHydrated(page, url('flex'));
    await expect(page.locator('.member-actions')).toContainText('1,234,567');
    await expect(page.locator('.brand-logo .brand-wordmark')).toBeVisible(); // the actions' own row leaves it room
    expect(await offScreen()).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a 360 px phone scrolls no page sideways, in the languages with the longest words', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    for (const locale of ['en', 'th']) {
      await context.addCookies([{ name: COOKIE.locale, value: locale, url: url('flex') }]);
      for (const path of ['/', '/channel/demo_caster2', '/cs/notices']) {
        await gotoHydrated(page, url('flex', path));
        // The footer's company details were 3 px wider than the screen in English.
        expect([locale, path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([locale, path, 360]);
      }
    }
  } finally {
    await context.close();
  }
});
