// Error reporting end to end (issue 16): an uncaught error on a page reaches the local collector through
// the real Sentry browser SDK (loaded only at the first error), with the brand, page, release and stack;
// noise (SPEC §8: the ResizeObserver loop, a failed fetch) is dropped; the operator reads it with `ops errors`.
import { expect, gotoHydrated, ops, test, until, url } from './fixtures';

interface Row {
  source: string;
  brand: string | null;
  page: string | null;
  release: string | null;
  type: string | null;
  message: string;
  stack: string | null;
}

const reports = (): Row[] => JSON.parse(ops('errors', '--limit', '50', '--json').trim()) as Row[];

test('an uncaught error reaches the collector with brand, page, release and stack; noise does not', async ({ page }) => {
  const mark = `e2e boom ${Date.now()}`;
  await gotoHydrated(page, url('nest', '/channel/demo_caster2'));
  // Noise first: neither may be reported.
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    void Promise.reject(new TypeError('Failed to fetch'));
  });
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, mark);
  const row = await until('the report to be stored', async () => reports().find((r) => r.message === mark), 20_000);
  expect(row).toMatchObject({ source: 'browser', brand: 'nest', page: '/channel/demo_caster2', type: 'Error', release: expect.stringMatching(/^flex-live@/) });
  expect(row.stack).toMatch(/at /);
  expect(reports().filter((r) => /ResizeObserver|Failed to fetch/.test(r.message))).toEqual([]);
  // The operator's view names it too.
  expect(ops('errors', '--source', 'browser', '--limit', '5')).toContain(mark);
});
