import { E2E } from '../../scripts/lib/wrangler.mjs';
import { expect, gotoHydrated, ops, test, url } from './fixtures';

/**
 * How long a flip may take to show: the test server's edge copy of the flags (STATUS_CACHE_MS, 10 s in production,
 * shortened for these tests), the API's own copy of KV (2 s) and page loads.
 */
const FLIP_MS = E2E.statusCacheMs + 4_500;

// Leave the flags off *as the edge sees them*, so later tests start clean.
test.afterEach(async ({ page }) => {
  ops('maintenance', 'off');
  ops('emergency', 'off');
  await reloadUntil(page, url('flex', '/'), '/', FLIP_MS);
});

/**
 * Reload until the page lands on `path` (the edge caches the flags for STATUS_CACHE_MS). A page the edge still served
 * may find the flag from the API itself and go to the maintenance page before it has loaded: that navigation is
 * where it lands.
 */
async function reloadUntil(page: import('@playwright/test').Page, target: string, path: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    await page.goto(target).catch((error: Error) => {
      if (!error.message.includes('interrupted by another navigation')) throw error;
    });
    await page.waitForLoadState();
    if (new URL(page.url()).pathname === path) return Date.now() - started;
    await page.waitForTimeout(500);
  }
  throw new Error(`did not reach ${path} within ${withinMs} ms`);
}

test('maintenance flipped with the ops command redirects once the edge asks again, and back', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/'));
  expect(ops('maintenance', 'on')).toContain('maintenance on');
  await reloadUntil(page, url('flex', '/'), '/notices/maintenance', FLIP_MS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서비스 점검 중입니다');

  ops('maintenance', 'off');
  await reloadUntil(page, url('flex', '/'), '/', FLIP_MS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
});

test('in-app navigation during maintenance lands on the maintenance page', async ({ page }) => {
  await gotoHydrated(page, url('live', '/nope'));
  ops('maintenance', 'on');
  await page.waitForTimeout(E2E.statusCacheMs + 500);
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page).toHaveURL(url('live', '/notices/maintenance'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서비스 점검 중입니다');
});

test('an emergency sends guests to sign in with the requested path as callbackURL', async ({ page }) => {
  ops('emergency', 'on');
  const requested = '/some/page?x=1';
  const target = `/signin?callbackURL=${encodeURIComponent(requested)}`;
  const started = Date.now();
  while (Date.now() - started < FLIP_MS) {
    await page.goto(url('shell', requested));
    if (new URL(page.url()).pathname === '/signin') break;
    await page.waitForTimeout(500);
  }
  expect(page.url()).toBe(url('shell', target));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('회원으로 로그인');
});
