import path from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { startSocialIssuers } from './scripts/lib/social-issuers.mjs';

// Unit and Worker tests, all inside workerd with the bindings of wrangler.toml (local D1, KV, R2).
/** config/development.env as bindings (KEY=value lines), so tests run with the development adapters. */
function devVars(): Record<string, string> {
  const lines = readFileSync(path.resolve('config/development.env'), 'utf8').split('\n');
  return Object.fromEntries(lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).trim()]));
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve('src/db/migrations'));
  // The social-login providers as real OAuth servers on loopback (free ports; workerd reaches 127.0.0.1),
  // for the whole run: unref'd, they end with the process.
  const issuers = await startSocialIssuers({ ports: {} });
  issuers.unref();
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { ...devVars(), ...issuers.bindings, TEST_MIGRATIONS: migrations, ENVIRONMENT: 'test', DEV_PG_DEPOSIT_DELAY_MS: '0' } },
      }),
    ],
    resolve: { alias: { '@client/ssr': path.resolve('client/ssr.ts') } },
    test: {
      include: ['tests/unit/**/*.test.ts', 'tests/worker/**/*.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
      // Two test files at a time (each in its own workerd isolate): the default on a 2-core machine is one, and
      // the files spend much of their time waiting on workerd, not on the CPU.
      maxWorkers: 2,
      // With two at a time a heavy test (a fault-injection batch, 200 parallel calls) can pass vitest's 5 s default
      // on a loaded machine: tests check behaviour, not timings, so they get room.
      testTimeout: 60_000,
      // sanitize-html is CommonJS that requires postcss, which requires nanoid's CommonJS build: the test
      // runner loads it pre-bundled (as wrangler's bundle does for the Worker itself).
      deps: { optimizer: { ssr: { enabled: true, include: ['sanitize-html'] } } },
    },
  };
});
