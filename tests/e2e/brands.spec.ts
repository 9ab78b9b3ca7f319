import { BRANDS, expect, expectNoSeriousA11yViolations, gotoHydrated, test, url } from './fixtures';

const names: Record<string, string> = { flex: 'FlexTV', flexplus: 'FlexPlus', shell: '조개TV', bread: '빵TV', nest: '둥지TV', live: 'LiveOn' };

for (const brand of BRANDS) {
  test(`${brand} home renders its own name and logo and hydrates cleanly`, async ({ page, consoleErrors }) => {
    await gotoHydrated(page, url(brand));
    await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[brand]!);
    const logo = page.locator('.brand-logo .brand-wordmark');
    await expect(logo).toHaveAttribute('src', `/brands/${brand}/logo.svg`);
    // the logo actually loaded (an SVG with a size)
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('footer')).toContainText('주식회사');
    expect(consoleErrors).toEqual([]);
  });
}

test('the live brand says coin, the others bell', async ({ page }) => {
  await gotoHydrated(page, url('live'));
  await expect(page.locator('.hero-sub')).toContainText('코인');
  await gotoHydrated(page, url('bread'));
  await expect(page.locator('.hero-sub')).toContainText('벨');
});

test('home, sign-in, maintenance and 404 pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/signin', '/notices/maintenance', '/nope']) {
    await gotoHydrated(page, url('flex', path));
    await expectNoSeriousA11yViolations(page);
  }
});

test('each brand serves its own manifest', async ({ page }) => {
  const manifest = await (await page.goto(url('shell', '/manifest.json')))!.json();
  expect(manifest).toMatchObject({ name: '조개TV', theme_color: '#1f6fd1' });
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers at scope /', async ({ page }) => {
    await gotoHydrated(page, url('nest'));
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(url('nest', '/'));
  });

  test("answers hashed files from its cache, and main.js from the network (a new release's page never runs the last one's)", async ({ page }) => {
    await gotoHydrated(page, url('nest'));
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The page is controlled once the worker has claimed it (clients.claim on activate).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const hashed = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[data-main]')!.dataset.preload!.split(' ')[0]!);
    expect(hashed).toMatch(/-[A-Za-z0-9_-]{8,}\.js$/);
    // What an earlier release left in the cache under both names.
    await page.evaluate(
      async (paths) => {
        const cache = await caches.open('flx-static-v1');
        for (const path of paths) await cache.put(path, new Response('/* kept by an earlier release */', { headers: { 'content-type': 'text/javascript' } }));
      },
      ['/assets/main.js', hashed],
    );
    const bodies = await page.evaluate(async (paths) => Promise.all(paths.map(async (path) => (await fetch(path)).text())), ['/assets/main.js', hashed]);
    expect(bodies[0]).not.toContain('kept by an earlier release');
    expect(bodies[0].length).toBeGreaterThan(10_000);
    expect(bodies[1]).toBe('/* kept by an earlier release */');
  });
});
