import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { BATCH_PATH, askRunningServer } from '../../scripts/lib/sql-control.mjs';
import { E2E, tool } from '../../scripts/lib/wrangler.mjs';
import { XSRF_COOKIE, XSRF_HEADER, needsXsrf } from '../../src/shared/account-api';
import { fitParticles } from '../../src/shared/korean-particles';

export const PORT = E2E.port;
export const STATE = E2E.state;
export const BRANDS = ['flex', 'flexplus', 'shell', 'bread', 'nest', 'live'] as const;

export function url(brand: string, path = '/'): string {
  return `http://${brand}.localhost:${PORT}${path}`;
}

/** The test server on loopback: Node cannot resolve *.localhost, so calls from the test itself go here. */
export const LOOPBACK = `http://127.0.0.1:${PORT}`;

/**
 * A message with its placeholders filled in, as the app shows it: Korean particles after a filled-in word take the
 * form that fits it (src/shared/korean-particles.ts), as both translators do.
 */
export function fill(text: string, params: Record<string, string | number>): string {
  return fitParticles(text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key])));
}

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

/** One SQL statement and the values bound to its `?`s: values are never pasted into SQL. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A statement from a template: each `${value}` becomes a bound parameter, e.g. sql`DELETE FROM streams WHERE title = ${title}`. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  // A `${value}` inside a quoted literal would become a literal '?' and leave its value unbound.
  let before = '';
  for (const part of strings.slice(0, -1)) {
    before += part;
    if ((before.match(/'/g) ?? []).length % 2 === 1) throw new Error(`sql: a value inside quotes after: ${before}`);
    before += '?';
  }
  return { sql: strings.join('?'), params: values };
}

/**
 * Run statements against the browser tests' D1 as one batch (all or nothing), then purge the edge page cache:
 * written behind the app's back, the cache must not keep showing what was there before. It goes through the test
 * server's own D1 binding (scripts/lib/sql-control.mjs): a wrangler start per call cost 10-20 s.
 */
export async function d1(...statements: Statement[]): Promise<void> {
  const res = await askRunningServer(STATE, BATCH_PATH, statements);
  if (!res) throw new Error('d1: no test server answers on its control port');
  if (res.status !== 204) throw new Error(`d1 answered ${res.status}: ${await res.text()}`);
}

/**
 * An open live on a demo channel, titled so the test can find and remove it; none is inserted if one is
 * already on air there (one open live per channel). It copies the channel's adult and password flags.
 */
export async function openTestLive(channelId: number, title: string, { viewers = 1, startedAgoMs = 60_000 } = {}): Promise<void> {
  await d1(
    sql`INSERT INTO streams (channel_id, kind, source, title, adult, has_password, started_at, last_media_at, viewer_count)
     SELECT ch.id, 1, 'flex', ${title}, ch.adult, ch.password_hash IS NOT NULL, ${Date.now() - startedAgoMs}, ${Date.now()}, ${viewers} FROM channels ch
     WHERE ch.id = ${channelId} AND NOT EXISTS (SELECT 1 FROM streams s WHERE s.channel_id = ch.id AND s.ended_at IS NULL)`,
  );
}

/**
 * Removes the lives whose title starts with `titlePrefix`, not leaving them as recordings without video
 * (the playback tests look for channel 2's recordings). Watch history keeps its rows, without the stream.
 */
export async function removeTestLives(titlePrefix: string): Promise<void> {
  const like = `${titlePrefix}%`;
  await d1(sql`UPDATE watch_history SET stream_id = NULL WHERE stream_id IN (SELECT id FROM streams WHERE title LIKE ${like})`, sql`DELETE FROM streams WHERE title LIKE ${like}`);
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
      // The browser's own "Failed to load resource" names no URL in its text: add it, so a failure says which call.
      const text = message.text();
      if (message.type() === 'error') errors.push(text.startsWith('Failed to load resource') ? `${text} (${message.location().url})` : text);
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
 * Signed in as `loginId` on `callbackURL`, through the sign-in API as the login form calls it (the form itself is
 * tested in accounts.spec.ts and accounts-ui.spec.ts): a test about something else pays for one page, not three.
 * The smallest answer of the brand (the health check) gives the browser its device and XSRF cookies first.
 */
export async function signIn(page: Page, loginId: string, password: string, callbackURL: string): Promise<void> {
  await signInOnHealthz(page, loginId, password);
  await gotoHydrated(page, url('flex', callbackURL));
  await expect(page.locator('.site-header .me')).toBeVisible();
}

/** signIn without its last page: the page stays on the health check, signed in, for API calls before any page. */
export async function signInOnHealthz(page: Page, loginId: string, password: string): Promise<void> {
  await page.goto(url('flex', '/healthz'));
  const status = await page.evaluate(
    async ({ body, cookie, header }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${cookie}=`))
        ?.slice(cookie.length + 1);
      const res = await fetch('/v2/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json', [header]: decodeURIComponent(xsrf ?? '') }, body: JSON.stringify(body) });
      // Older API answers carry the outcome in the body's status, as the login form reads it.
      const answer = (await res.json().catch(() => ({}))) as { status?: number };
      return typeof answer.status === 'number' ? answer.status : res.status;
    },
    { body: { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' }, cookie: XSRF_COOKIE, header: XSRF_HEADER },
  );
  expect(status, `sign-in of ${loginId}`).toBe(200);
}

/** The demo members' password; a spec's own members (addMembers) share it. */
export const PASSWORD = 'demo-pass-1234';

export interface NewMember {
  loginId: string;
  nickname: string;
}

/** Members of a spec's own (unique IDs per run), signing in with PASSWORD: their rows copy demo_viewer's hash. */
export async function addMembers(...members: NewMember[]): Promise<void> {
  await d1(...members.map((m) => sql`INSERT INTO members (login_id, nickname, password_hash) SELECT ${m.loginId}, ${m.nickname}, password_hash FROM members WHERE login_id = 'demo_viewer'`));
}

/**
 * A channel of a spec's own, of the member `ownerLoginId`, titled `title` (a stream key of its own). With
 * `live`, it is on air: an open live of the same title (a streams row: no video is needed to chat or gift).
 */
export async function addChannel(ownerLoginId: string, title: string, { live = false } = {}): Promise<string> {
  const streamKey = `e2e_${crypto.randomUUID().replaceAll('-', '')}`;
  const channel = sql`INSERT INTO channels (owner_id, title, stream_key) SELECT id, ${title}, ${streamKey} FROM members WHERE login_id = ${ownerLoginId}`;
  if (!live) {
    await d1(channel);
    return streamKey;
  }
  const now = Date.now();
  await d1(
    channel,
    sql`INSERT INTO streams (channel_id, kind, source, title, started_at, last_media_at, viewer_count)
        SELECT c.id, 1, 'flex', ${title}, ${now - 60_000}, ${now}, 1 FROM channels c WHERE c.title = ${title}`,
  );
  return streamKey;
}

/** Ends the open live addChannel(..., { live: true }) opened; it stays as a recording of the spec's own channel. */
export async function endLive(title: string): Promise<void> {
  await d1(sql`UPDATE streams SET ended_at = ${Date.now()}, kind = 2 WHERE title = ${title} AND ended_at IS NULL`);
}

export interface Person {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page; a test ends by expecting none. */
  errors: string[];
}

/**
 * Someone in a Korean browser of their own (cookies, session: like people on different machines), who has
 * already closed the home page's event popup, on `path`: signed in as `loginId`, or a guest (null). `before` runs
 * before that first page, a member's signed in (API calls whose outcome the page should show, a route, an init
 * script), and a null `path` leaves a member on the health check: API calls only, no page.
 */
export async function person(
  browser: Browser,
  loginId: string | null,
  path: string | null,
  { before, ...options }: BrowserContextOptions & { before?: (page: Page) => Promise<void> } = {},
): Promise<Person> {
  const context = await browser.newContext({ locale: 'ko-KR', ...options });
  await context.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (loginId) {
    await signInOnHealthz(page, loginId, PASSWORD);
    await before?.(page);
    if (path !== null) {
      await gotoHydrated(page, url('flex', path));
      await expect(page.locator('.site-header .me')).toBeVisible();
    }
  } else {
    await before?.(page);
    await gotoHydrated(page, url('flex', path ?? '/'));
  }
  return { context, page, errors };
}

/** A real RGB PNG of `pixel(x, y)`, so browsers decode and draw it (and the upload module measures it). */
export function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height); // each row: filter 0, then its pixels
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** axe-core's browser build (580 KB), read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe over the whole page, the serious and critical violations listed. axe is sent to a document only when it has
 * none yet: it stays there between scans of the same page (a dialog opened, a client-side navigation), and compiling
 * its source is a third of a scan. Only the violations are collected, and of them only what the message names (axe
 * otherwise lists every node that passed too). The site has no iframes, so the scan runs in the page itself.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`);
  });
  expect(serious).toEqual([]);
}

export { expect };

/**
 * A call from inside the page, as the page's own code makes it: its cookies, and the XSRF header on the calls the
 * proxy asks it for (needsXsrf, the predicate the client's apiFetch uses).
 */
export function pageCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const xsrf = needsXsrf(method, path.split('?')[0]!);
  return page.evaluate(
    async ({ method, path, body, xsrf }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
      if (xsrf) headers['X-XSRF-TOKEN'] = token;
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = JSON.stringify(body);
      const res = await fetch(path, init);
      return { status: res.status, body: await res.json() };
    },
    { method, path, body, xsrf },
  ) as Promise<{ status: number; body: T }>;
}

/**
 * The fresh proof changing the bank account and withdrawing ask for (POST /api/my/reauth), by the member's password
 * as the studio's forms send it; it counts for a few minutes of this login.
 */
export async function reauth(page: Page): Promise<void> {
  expect((await pageCall(page, 'POST', '/api/my/reauth', { password: PASSWORD })).status).toBe(200);
}

/** Members of a spec's own made identity-verified under `name`: a payout's bank holder must be that name. */
export async function verifyIdentity(loginId: string, name: string): Promise<void> {
  await d1(sql`UPDATE members SET name = ${name}, identity_verified = 1 WHERE login_id = ${loginId}`);
}

/** The operator the fixtures mint coupons as (made once per test process, on the first mint). */
let couponStaff: string | null = null;

/** One single-use coupon of `luv`, minted as an operator does it: `npm run ops -- coupon` through the staff API. */
export async function mintCoupon(luv: number): Promise<string> {
  if (!couponStaff) {
    const loginId = `cpo${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e3)}`;
    await addMembers({ loginId, nickname: `쿠폰${loginId.slice(-6)}` });
    await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${loginId}`);
    couponStaff = loginId;
  }
  const printed = execFileSync(tool('node'), ['scripts/ops.mjs', 'coupon', '--luv', String(luv), '--as', couponStaff, '--port', String(PORT)], {
    encoding: 'utf8',
    env: { ...process.env, OPS_PASSWORD: PASSWORD },
  });
  return printed.trim().split('\n').at(-1)!.trim();
}

/**
 * Real earnings for the creator `creatorLoginId`: the member signed in on `page` redeems a coupon of `luv` and gifts it
 * all to the creator's live channel (keyed by `keyPrefix`), through the API as the wallet and the gift dialog call it.
 */
export async function giveEarnings(page: Page, creatorLoginId: string, luv: number, keyPrefix: string): Promise<void> {
  const code = await mintCoupon(luv);
  expect((await pageCall(page, 'POST', '/api/shoppings/useCoupon', { couponNumber: code })).status).toBe(200);
  const found = await pageCall<{ channelId: number }>(page, 'GET', `/api/channels/channel-find?loginId=${creatorLoginId}`);
  expect(found.status).toBe(200);
  const sent = await pageCall(page, 'POST', '/api/luv/gift', { channelId: found.body.channelId, amount: luv, idempotencyKey: `${keyPrefix}-${luv}-${Date.now()}` });
  expect(sent.status).toBe(200);
}
