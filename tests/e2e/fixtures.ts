import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const PORT = 8799;
export const STATE = '.wrangler/e2e-state';
export const BRANDS = ['flex', 'flexplus', 'shell', 'bread', 'nest', 'live'] as const;

export function url(brand: string, path = '/'): string {
  return `http://${brand}.localhost:${PORT}${path}`;
}

/** The ops command exactly as an operator runs it, against the browser tests' local state. */
export function ops(...args: string[]): string {
  return execFileSync(join(process.cwd(), 'node_modules', '.bin', 'node'), ['scripts/ops.mjs', ...args, '--persist-to', STATE], { encoding: 'utf8' });
}

/** Run SQL against the browser tests' local D1 (the same state folder the test server uses). */
export function d1(sql: string): void {
  execFileSync(join(process.cwd(), 'node_modules', '.bin', 'wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`)).toEqual([]);
}

export { expect };
