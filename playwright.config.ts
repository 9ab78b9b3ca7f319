import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E } from './scripts/lib/wrangler.mjs';

/**
 * Specs that change what every other spec sees run alone, after all the others (the `serial` project below).
 * Everything else runs two at a time, so a new spec is parallel unless it is listed here: list it when it flips
 * a service flag or channel setting, writes the brand or event KV, changes the home page's contents, opens a live
 * on a demo channel (one open live per channel: openTestLive/removeTestLives, the broadcaster), or relies on the
 * edge page cache keeping what another spec's d1() purges. A spec whose members, channel and live are its own
 * (subscriptions.spec.ts, messages.spec.ts) needs none of this. Parallel specs only meet other parallel specs:
 * chat.spec.ts (demo channel 1 off air, which only the serial playback and sources specs put on air) and
 * gift.spec.ts (the only parallel spec with a live on demo channel 2) stay parallel for that reason.
 */
const SERIAL: Record<string, string> = {
  'gate.spec.ts': 'maintenance and emergency flags: every page of every spec is redirected',
  'social.spec.ts': 'channeling isSnsLoginKakao: sign-in pages lose a button',
  'chat-settings.spec.ts': 'channeling settings (broadcasting, adult), lives on demo channels 2 and 3, demo_caster4 made an operator',
  'exchange.spec.ts': 'the exchange event in KV: every wallet page shows it',
  'page-cache.spec.ts': "the edge's copy of the guest home, which any d1() purges and any new live changes",
  'watch-pages.spec.ts': "the home page's live cards, lives on demo channels 2-4, demo_viewer's watch history",
  'playback.spec.ts': 'real broadcasts on demo channels 1-3 (recorded, ended, adult)',
  'sources.spec.ts': 'a real broadcast on demo channel 1',
  'aborts.spec.ts': 'a real broadcast on demo channel 2, and an abort storm the server must survive',
};
const serialSpecs = Object.keys(SERIAL).map((file) => `**/${file}`);
/**
 * The serial specs that play real video and check how it plays (stalls, first frames, a live's start and end): they
 * run first among the serial ones, so that npm test can start the other Worker tests beside the rest, which do not
 * measure anything in time (scripts/test.mjs).
 */
const VIDEO = ['playback.spec.ts', 'sources.spec.ts', 'aborts.spec.ts'];
const videoSpecs = VIDEO.map((file) => `**/${file}`);

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`), the same Chromium without the browser's UI
 * layers, which Playwright itself uses for headless runs: a context and a page load cost about a fifth less CPU than
 * in the full browser, and the suite is CPU-bound (docs/decisions.md, "CI time"). The full browser where it is missing.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Browser tests: Debian's Chromium driven by Playwright, against the Miniflare server with its own state. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The `parallel` project; the `serial-video` and `serial` ones run on one of them, after it (SERIAL above), and npm
  // test runs them beside other work.
  workers: 2,
  projects: [
    { name: 'parallel', testIgnore: serialSpecs },
    // After `parallel` (a failure there skips these: fix it first), one spec at a time. Naming a serial spec
    // on the command line runs the whole `parallel` project first: add --no-deps to run just that spec.
    { name: 'serial-video', testMatch: videoSpecs, dependencies: ['parallel'], workers: 1 },
    { name: 'serial', testMatch: serialSpecs, testIgnore: videoSpecs, dependencies: ['serial-video'], workers: 1 },
  ],
  retries: 0,
  // npm test runs the two projects as two runs, each with a report of its own (E2E_REPORT).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts', // Playwright empties this folder; the vitest report lives beside it
  use: {
    // A step that never happens (a click on a button that stays disabled) fails on its own, naming the step and what
    // the element lacked; under the test's timeout alone, the report said only that the time was up.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'off',
    // A service worker starts in every new context and copies each asset it passes into its cache: about a seventh of
    // a page load's CPU here. Only the specs about the worker itself let it run (brands.spec.ts).
    serviceWorkers: 'block',
    // A turning spinner is a new frame drawn 60 times a second for as long as it shows: on a live page still waiting
    // for its first segment, about a tenth of a core per open page. With reduced motion it stands still
    // (app.css); the specs about motion itself ask for 'no-preference'.
    reducedMotion: 'reduce',
    locale: 'ko-KR', // a Korean viewer: Accept-Language ko-KR
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${E2E.port} ${E2E.state}`,
    url: `http://127.0.0.1:${E2E.port}/healthz`,
    timeout: 300_000, // a wrangler bundle and a migrated, seeded state: a minute when quiet, several on a busy machine
    // npm test starts this server itself while the Worker tests run (scripts/test.mjs) and says so; otherwise a fresh one.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
