import { expect, gotoHydrated, ops, test, url } from './fixtures';

// Leave the flags off *as the edge sees them* (it caches them up to 10 s), so later tests start clean.
test.afterEach(async ({ page }) => {
  ops('maintenance', 'off');
  ops('emergency', 'off');
  await reloadUntil(page, url('flex', '/'), '/', 12_000);
});

/** Reload until the page lands on `path` (the edge caches the flags for at most 10 s). */
async function reloadUntil(page: import('@playwright/test').Page, target: string, path: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    await page.goto(target);
    if (new URL(page.url()).pathname === path) return Date.now() - started;
    await page.waitForTimeout(500);
  }
  throw new Error(`did not reach ${path} within ${withinMs} ms`);
}

test('maintenance flipped with the ops command redirects within 10 s, and back', async ({ page }) => {
  await gotoHydrated(page, url('flex', '/'));
  expect(ops('maintenance', 'on')).toContain('maintenance on');
  const took = await reloadUntil(page, url('flex', '/'), '/notices/maintenance', 11_000);
  expect(took).toBeLessThanOrEqual(11_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서비스 점검 중입니다');

  ops('maintenance', 'off');
  await reloadUntil(page, url('flex', '/'), '/', 11_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlexTV');
});

test('in-app navigation during maintenance lands on the maintenance page', async ({ page }) => {
  await gotoHydrated(page, url('live', '/nope'));
  ops('maintenance', 'on');
  await page.waitForTimeout(10_500);
  await page.getByRole('link', { name: '홈으로' }).click();
  await expect(page).toHaveURL(url('live', '/notices/maintenance'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('서비스 점검 중입니다');
});

test('an emergency sends guests to sign in with the requested path as callbackURL', async ({ page }) => {
  ops('emergency', 'on');
  const requested = '/some/page?x=1';
  const target = `/signin?callbackURL=${encodeURIComponent(requested)}`;
  const started = Date.now();
  while (Date.now() - started < 11_000) {
    await page.goto(url('shell', requested));
    if (new URL(page.url()).pathname === '/signin') break;
    await page.waitForTimeout(500);
  }
  expect(page.url()).toBe(url('shell', target));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('회원으로 로그인');
});
