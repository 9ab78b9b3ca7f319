import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { startSocialIssuers } from './scripts/lib/social-issuers.mjs';
import { startPushReceiver } from './scripts/lib/push-receiver.mjs';

// Unit and Worker tests, all inside workerd with the bindings of wrangler.toml (local D1, KV, R2).
/** config/development.env as bindings (KEY=value lines), so tests run with the development adapters. */
function devVars(): Record<string, string> {
  const lines = readFileSync(path.resolve('config/development.env'), 'utf8').split('\n');
  return Object.fromEntries(lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]));
}

/**
 * Rankings over every member of a database: any other file's gifts would rank among them. It runs first in the
 * `apart` lane, on a database nothing else has written to yet (LaneOrder below).
 */
const FIRST = ['tests/worker/rankings.test.ts'];

/**
 * Files that assert that nothing at all was written (a digest of every table), or own the clock of a whole
 * database: in the `apart` lane, after FIRST and before ONE_LANE, so no other file writes, or still writes in the
 * background, while they run.
 */
const ALONE = [
  'tests/worker/security-access.test.ts',
  'tests/worker/security-maintenance.test.ts',
  'tests/worker/security-content.test.ts',
  'tests/worker/security-csrf.test.ts',
  'tests/worker/security-staff.test.ts',
  'tests/worker/security-xsrf-reauth.test.ts',
  'tests/worker/home-content-admin.test.ts',
  'tests/worker/ops-staff-api.test.ts',
  // Whether a page came from the edge cache: a live another file opened, ending later in its lane, purges the lists
  // between this file's two requests.
  'tests/worker/page-cache.test.ts',
  'tests/worker/exchange.test.ts',
];

/**
 * Files like the shared ones that npm test runs in the `apart` lane, after the ALONE ones, beside the browser specs
 * that play video (which use about one core): the rest of the Worker tests then take that much less time after those
 * specs, when both cores are theirs (docs/decisions.md, "CI time"). They need nothing of the kind: any file that
 * makes its own members and channels could be here instead.
 */
const ONE_LANE = [
  'tests/worker/payouts.test.ts',
  'tests/worker/payments.test.ts',
  'tests/worker/clips.test.ts',
  'tests/worker/openapi.test.ts',
  'tests/worker/board.test.ts',
  'tests/worker/accounts.test.ts',
  'tests/worker/watch-api.test.ts',
  'tests/worker/cs.test.ts',
  'tests/worker/ledger.test.ts',
  'tests/worker/messages.test.ts',
];

/**
 * The shared files that take a lane longest (a chat run with its faults, the economy's model test), started first: on a
 * fresh clone vitest has no timings of its own yet and orders by file size, and one of these starting last would
 * finish alone while the other lanes wait.
 */
const LONG = ['tests/worker/security-chat-faults.test.ts', 'tests/worker/economy-model.test.ts'];

/** The `apart` lane's order: FIRST, then ALONE, then ONE_LANE (their comments say why). */
const APART_ORDER = [FIRST, ALONE, ONE_LANE];

class LaneOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const group = APART_ORDER.findIndex((list) => list.some((name) => file.moduleId.endsWith(name)));
      if (group !== -1) return group;
      const at = LONG.findIndex((long) => file.moduleId.endsWith(long));
      return at === -1 ? LONG.length : at;
    };
    // Array sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** The dependencies the Worker's code imports, by the names it imports them (the `deps` option below). */
const PREBUNDLED = [
  'sanitize-html',
  'hono',
  'hono/factory',
  'hono/cookie',
  'hono/jwt',
  'hono/utils/http-status',
  'hono/language',
  'hono/html',
  'hono/utils/html',
  'hono/utils/cookie',
  'hono/secure-headers',
  'hono/http-exception',
  'hono/body-limit',
  'hono-openapi',
  '@hono/zod-validator',
  'zod',
  'zod/mini',
  'jotai',
  'swr',
  'react',
  'react/jsx-runtime',
  'react-dom/server.edge',
  'rosetta',
  'image-size',
  'libphonenumber-js/min',
];

/**
 * A member's write rate in the tests (120 per 10 s deployed, wrangler.toml): the sweeps send every write route, some
 * twice, from one member within seconds, and there are more write routes than the deployed rate allows at once. The
 * limit itself is tested with its own rate (tests/worker/security-limits.test.ts).
 */
const TEST_WRITE_RATE = '600/10';

/**
 * A module that lists files with import.meta.glob (the build's output, whose names change with every build, or the
 * sources) is transformed afresh on every run: fsModuleCache keys a module on its own text, so a kept copy would list
 * the files as they were when it was made, and a rebuilt client made tests open files that no longer exist.
 */
const globsUncached: Plugin = {
  name: 'globs-uncached',
  configureVitest({ experimental_defineCacheKeyGenerator }) {
    experimental_defineCacheKeyGenerator(({ sourceCode }) => (sourceCode.includes('import.meta.glob') ? false : undefined));
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve('src/db/migrations'));
  // The social-login providers as real OAuth servers on loopback (free ports; workerd reaches 127.0.0.1),
  // for the whole run: unref'd, they end with the process.
  const issuers = await startSocialIssuers({ ports: {} });
  issuers.unref();
  // A push service on loopback that checks our VAPID tokens and decrypts what it is sent (tests/worker/push.test.ts).
  const push = await startPushReceiver();
  push.unref();
  return {
    plugins: [
      globsUncached,
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ...devVars(),
            ...issuers.bindings,
            TEST_MIGRATIONS: migrations,
            TEST_PUSH_RECEIVER: push.origin,
            // The long tests at their full sizes (npm run test:full-scale), or (by default) the sizes the suite runs.
            TEST_SCALE: process.env.TEST_SCALE ?? 'suite',
            ENVIRONMENT: 'test',
            DEV_PG_DEPOSIT_DELAY_MS: '0',
            PAGE_CACHE_TTL_S: '600',
            WRITE_RATE: TEST_WRITE_RATE,
          },
        },
      }),
    ],
    resolve: { alias: { '@client/ssr': path.resolve('client/ssr.ts') } },
    test: {
      setupFiles: ['tests/worker/setup.ts'],
      // Transformed modules kept on disk (node_modules/.experimental-vitest-cache): npm test starts vitest twice (the
      // apart lane, then the shared files), and the second start reads what the first transformed. A one-file run took
      // 6.8 s with them there instead of 10.5.
      experimental: { fsModuleCache: true },
      // Three lanes (each a workerd process of its own) on two cores: the files spend about a quarter of their time
      // waiting, not on the CPU (docs/decisions.md, "CI time").
      maxWorkers: 3,
      sequence: { sequencer: LaneOrder },
      // With two at a time a heavy test (a fault-injection batch, 200 parallel calls) can pass vitest's 5 s default
      // on a loaded machine: tests check behaviour, not timings, so they get room.
      testTimeout: 60_000,
      // A file's setup (members, channels, a live) is the same kind of work: vitest's 10 s default is not enough then.
      hookTimeout: 60_000,
      // Dependencies pre-bundled for the runner: each lane's workerd otherwise loads hono's, zod's and the others' files
      // one module at a time at its start (about 280 of them), 1.5-2 s of every lane's start-up here. sanitize-html is
      // CommonJS that requires postcss, which requires nanoid's CommonJS build: it has to be (as wrangler's bundle does
      // for the Worker itself). One bundling run with shared chunks, so a class exported by two entries is one class.
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
      projects: [
        // A workerd process (and the Worker's modules, loaded once) serves one file after another: starting one per
        // file was most of the suite's time. Files in a lane share its D1, KV and R2, so a test makes its own
        // members, channels and phone numbers rather than counting on an empty table.
        {
          extends: true,
          test: { name: 'shared', include: ['tests/unit/**/*.test.ts', 'tests/worker/**/*.test.ts'], exclude: [...FIRST, ...ALONE, ...ONE_LANE], isolate: false, sequence: { groupOrder: 1 } },
        },
        // FIRST, ALONE and ONE_LANE: one workerd process (so D1, KV, R2) apart from the other files, one file after
        // another, in that order (LaneOrder), before the others. Each makes its own members and channels and names
        // every id it sends; a workerd per file cost about 7 s of start-up each, and one per kind of file about 10 s.
        {
          extends: true,
          test: { name: 'apart', include: [...FIRST, ...ALONE, ...ONE_LANE], isolate: false, fileParallelism: false, sequence: { groupOrder: 0 } },
        },
      ],
    },
  };
});
