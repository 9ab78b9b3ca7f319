import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { controlPortFile } from '../../scripts/lib/sql-control.mjs';
import { E2E, tool } from '../../scripts/lib/wrangler.mjs';

export const PORT = E2E.port;
export const STATE = E2E.state;
export const BRANDS = ['flex', 'flexplus', 'shell', 'bread', 'nest', 'live'] as const;

export function url(brand: string, path = '/'): string {
  return `http://${brand}.localhost:${PORT}${path}`;
}

/** The test server on loopback: Node cannot resolve *.localhost, so calls from the test itself go here. */
export const LOOPBACK = `http://127.0.0.1:${PORT}`;

/** The Korean messages, to find what the page shows by its words. */
export const ko = JSON.parse(readFileSync('locales/ko.json', 'utf8')) as typeof import('../../locales/ko.json');

/** GET an API path as the flex brand would (through the edge), expecting 200. */
export async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${LOOPBACK}${path}`, { headers: { host: `flex.localhost:${PORT}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Poll `probe` every 500 ms until it gives something truthy; fail after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The ops command exactly as an operator runs it, against the browser tests' local state. */
export function ops(...args: string[]): string {
  return execFileSync(tool('node'), ['scripts/ops.mjs', ...args, '--persist-to', STATE], { encoding: 'utf8' });
}

/**
 * Run SQL against the browser tests' D1, as one batch (all or nothing), then purge the edge page cache:
 * written behind the app's back, the cache must not keep showing what was there before. It goes through
 * the test server's own D1 binding (scripts/lib/sql-control.mjs): a wrangler start per call cost 10-20 s.
 */
export function d1(sql: string): void {
  const port = readFileSync(controlPortFile(STATE), 'utf8').trim();
  const post =
    'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",async()=>{const r=await fetch(process.argv[1],{method:"POST",body:s});if(r.status!==204){console.error(await r.text());process.exit(1)}})';
  execFileSync(process.execPath, ['-e', post, `http://127.0.0.1:${port}/`], { input: sql, stdio: ['pipe', 'inherit', 'pipe'] });
}

/**
 * An open live on a demo channel, titled so the test can find and remove it; none is inserted if one is
 * already on air there (one open live per channel). It copies the channel's adult and password flags.
 */
export function openTestLive(channelId: number, title: string, { viewers = 1, startedAgoMs = 60_000 } = {}): void {
  d1(
    `INSERT INTO streams (channel_id, kind, source, title, adult, has_password, started_at, last_media_at, viewer_count)
     SELECT ch.id, 1, 'flex', '${title}', ch.adult, ch.password_hash IS NOT NULL, ${Date.now() - startedAgoMs}, ${Date.now()}, ${viewers} FROM channels ch
     WHERE ch.id = ${channelId} AND NOT EXISTS (SELECT 1 FROM streams s WHERE s.channel_id = ch.id AND s.ended_at IS NULL)`,
  );
}

/**
 * Removes the lives whose title starts with `titlePrefix`, not leaving them as recordings without video
 * (the playback tests look for channel 2's recordings). Watch history keeps its rows, without the stream.
 */
export function removeTestLives(titlePrefix: string): void {
  d1(`UPDATE watch_history SET stream_id = NULL WHERE stream_id IN (SELECT id FROM streams WHERE title LIKE '${titlePrefix}%')`);
  d1(`DELETE FROM streams WHERE title LIKE '${titlePrefix}%'`);
}

/**
 * Console errors and uncaught page errors; a test ends by expecting none. The home page's event popup
 * (demo seed) opens once per browser session and would cover every page a test opens after it: tests
 * start as a visitor who already closed it, unless they ask for it with test.use({ eventPopup: true }).
 */
export const test = base.extend<{ consoleErrors: string[]; eventPopup: boolean }>({
  eventPopup: [false, { option: true }],
  context: async ({ context, eventPopup }, use) => {
    if (!eventPopup) await context.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export async function gotoHydrated(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Sign in through the sign-in page and land on `callbackURL`. The first login of a day shows the
 * attendance event before going on (accounts.spec.ts): close it.
 */
export async function signIn(page: Page, loginId: string, password: string, callbackURL: string): Promise<void> {
  await gotoHydrated(page, url('flex', `/signin?callbackURL=${encodeURIComponent(callbackURL)}`));
  await page.locator('input[name=loginId]').fill(loginId);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
  const event = page.getByRole('dialog', { name: ko.loginEvent.attendanceTitle });
  await expect(async () => {
    if (await event.isVisible()) await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe(callbackURL);
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.site-header .me')).toBeVisible();
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`)).toEqual([]);
}

export { expect };
