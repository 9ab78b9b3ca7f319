// Error reporting end to end (docs/operations.md): an uncaught error on a page reaches the local collector through
// the real Sentry browser SDK (loaded only at the first error), with the brand, page, release and stack;
// noise (src/shared/error-noise.ts: the ResizeObserver loop, a failed fetch) is dropped; the operator reads it with `ops errors`.
// A 5xx answer to a call the page makes reaches it too (from the browser and from the Worker), and the person sees
// the one global popup for it, not the page's own words.
import { addMembers, apiGet, d1, expect, gotoHydrated, ko, ops, person, test, until, url } from './fixtures';

interface Row {
  at: number;
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

test("a 5xx answer to a page's call reaches the collector from both ends, and the global popup shows once", async ({ browser }) => {
  const tag = Date.now().toString(36).slice(-6);
  const member = { loginId: `errp${tag}`, nickname: `오류${tag}`.slice(0, 8) };
  const failing = `fail${tag}`;
  await addMembers(member);
  // A real fault in the server's own D1: an index over json(nickname) of the rows with this nickname only, which
  // SQLite cannot build (the nickname is no JSON), so saving this nickname fails the API's write and it answers 500.
  const since = Date.now();
  // SQLite binds no parameter inside a schema statement: the index's name and condition are the test's own tag.
  await d1({ sql: `CREATE INDEX e2e_fault_${tag} ON members(json(nickname)) WHERE nickname = '${failing}'`, params: [] });
  const { context, page } = await person(browser, member.loginId, '/my');
  try {
    // Every time the alert dialog opens, counted from now on.
    await page.evaluate(() => {
      const w = window as unknown as { alertOpens: number };
      w.alertOpens = 0;
      new MutationObserver((changes) => {
        for (const c of changes) if ((c.target as Element).id === 'alert-modal' && (c.target as HTMLDialogElement).open && c.oldValue === null) w.alertOpens += 1;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'], attributeOldValue: true });
    });
    await page.locator('#profile-nickname').fill(failing);
    const save = page.getByRole('button', { name: ko.member.profile.save });
    await save.click();

    const popup = page.getByRole('dialog', { name: ko.alert.title });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(ko.errors.internal);
    await expect(popup.getByRole('button', { name: ko.common.confirm })).toBeFocused();
    // The page adds no words of its own for it.
    await expect(page.getByText(ko.settings.failed)).toHaveCount(0);

    const browserRow = await until("the browser's report", async () => reports().find((r) => r.source === 'browser' && r.message === 'PUT /api/my/profile answered 500' && r.at >= since), 20_000);
    expect(browserRow).toMatchObject({ brand: 'flex', page: '/my', type: 'ApiFailure', release: expect.stringMatching(/^flex-live@/) });
    const workerRow = await until("the Worker's report", async () => reports().find((r) => r.source === 'worker' && r.page === '/api/my/profile' && r.at >= since), 20_000);
    expect(workerRow.message).toMatch(/malformed JSON/);
    // The collector's own endpoint serves the same reports.
    const served = await apiGet<{ reports: Row[] }>('/__errors/reports?limit=50');
    expect(served.reports.map((r) => r.message)).toEqual(expect.arrayContaining(['PUT /api/my/profile answered 500', workerRow.message]));

    await popup.getByRole('button', { name: ko.common.confirm }).click();
    await expect(popup).toBeHidden();
    await expect(save).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { alertOpens: number }).alertOpens)).toBe(1);
  } finally {
    await d1({ sql: `DROP INDEX IF EXISTS e2e_fault_${tag}`, params: [] });
    await context.close();
  }
});
