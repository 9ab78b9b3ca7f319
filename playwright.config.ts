import { defineConfig } from '@playwright/test';
import { E2E } from './scripts/lib/wrangler.mjs';

/** Browser tests: Debian's Chromium driven by Playwright, against the Miniflare server with its own state. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1, // the service flags are global: tests that flip them must not overlap others
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts', // Playwright empties this folder; the vitest report lives beside it
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'off',
    locale: 'ko-KR', // a Korean viewer: Accept-Language ko-KR
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${E2E.port} ${E2E.state}`,
    url: `http://127.0.0.1:${E2E.port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
