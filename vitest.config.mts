import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';

// Unit and Worker tests, all inside workerd with the bindings of wrangler.toml (local D1, KV, R2).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve('src/api/db/migrations'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: 'test' } },
      }),
    ],
    resolve: { alias: { '@client/ssr': path.resolve('client/ssr.ts') } },
    test: {
      include: ['tests/unit/**/*.test.ts', 'tests/worker/**/*.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
    },
  };
});
