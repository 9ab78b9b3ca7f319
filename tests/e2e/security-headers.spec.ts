// Security headers (docs/security.md) in the browser: the pages run under their Content-Security-Policy without a single
// violation (the browser's own securitypolicyviolation events), and the policy does stop a script the page
// did not send: the same listener sees that one, so a silent listener is not mistaken for a clean page.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, ko, signIn, test, url } from './fixtures';

const CHANNEL = '/channel/demo_caster1';

type Violation = { directive: string; blocked: string; sample: string };

/** Every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string; sample: string }> = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

/** The nonce of the answer's header, which the document's scripts carry (the DOM hides the attribute, not the property). */
async function expectNonceOnScripts(page: Page, header: string | undefined): Promise<void> {
  const nonce = /'nonce-([^']+)'/.exec(header ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const scripts = await page.evaluate(() => Array.from(document.querySelectorAll('script')).map((s) => ({ src: s.src, nonce: s.nonce })));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script.nonce, script.src || 'inline').toBe(nonce);
}

test('the home page runs under its CSP without a violation, and an injected inline script is refused', async ({ page, consoleErrors }) => {
  await recordViolations(page);
  const response = await page.goto(url('flex'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const csp = response?.headers()['content-security-policy'];
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
  await expectNonceOnScripts(page, csp);
  // The login modal: code and requests of its own, after hydration.
  await page.getByRole('button', { name: ko.nav.login }).click();
  const dialog = page.getByRole('dialog', { name: '회원으로 로그인' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The control: markup an injection would bring (an inline handler) never runs, and the listener hears of it.
  // (A script element made by a running script is trusted by 'strict-dynamic': only the page's own code runs at all.)
  const ran = await page.evaluate(async () => {
    document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:," onerror="window.__injected = true">');
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations(page)).map((v) => v.directive)).toEqual(['script-src-attr']);
});

test('the channel page and its chat run under the CSP without a violation', async ({ page, consoleErrors }) => {
  await recordViolations(page);
  // The sign-in ends with a document load of the channel page itself: its answer carries the policy.
  const document = page.waitForResponse((r) => r.request().resourceType() === 'document' && r.url() === url('flex', CHANNEL));
  await signIn(page, 'demo_viewer', 'demo-pass-1234', CHANNEL);
  await expectNonceOnScripts(page, (await document).headers()['content-security-policy']);
  const chat = page.getByRole('region', { name: ko.chat.title });
  await expect(chat.getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
  const text = `csp check ${Date.now()}`;
  await page.getByLabel(ko.chat.inputLabel).fill(text);
  await page.getByLabel(ko.chat.inputLabel).press('Enter');
  await expect(page.getByRole('log', { name: ko.chat.log })).toContainText(text);
  await expectNoSeriousA11yViolations(page);
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a guest on the channel page: no violation either', async ({ page, consoleErrors }) => {
  await recordViolations(page);
  await gotoHydrated(page, url('flex', CHANNEL));
  await expect(page.getByRole('region', { name: ko.chat.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the home page and an adult channel off air leave nothing in the console, not even a warning', async ({ page }) => {
  // The browser's own messages too (a header it cannot parse, a refused request), which page.on('console') may not all carry.
  const seen: string[] = [];
  // Playwright's own warning where it blocks the service worker (playwright.config.ts) is not the page's.
  const harness = 'Service Worker registration blocked by Playwright';
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && message.text() !== harness) seen.push(`${message.type()}: ${message.text()} ${message.location().url}`);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Log.enable');
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (entry.level === 'error' || entry.level === 'warning') seen.push(`${entry.source} ${entry.level}: ${entry.text} ${entry.url ?? ''}`);
  });
  await gotoHydrated(page, url('flex'));
  await expect(page.getByRole('heading', { name: ko.home.liveNow })).toBeVisible();
  // demo_caster3's channel is adult-only and off air here: the page knows its room refuses a guest and asks for no ticket.
  await gotoHydrated(page, url('flex', '/channel/demo_caster3'));
  await expect(page.getByRole('region', { name: ko.chat.title }).getByRole('status')).toHaveText(ko.chat.access.identity);
  expect(seen).toEqual([]);
});
