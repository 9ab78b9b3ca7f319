import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Component tests: the client's React components in a DOM in Node (happy-dom), driven by Testing Library, the API
// answered by a fake fetch in each test (tests/components/fake-api.ts). No server, no browser: what needs those
// stays in tests/e2e. Apart from vitest.config.mts, whose tests run in workerd.
export default defineConfig({
  // The browser bundle's aliases (scripts/build-client.mjs): the components run on the same modules.
  resolve: { alias: { 'use-sync-external-store/shim': path.resolve('client/app/sync-external-store.ts') } },
  test: {
    include: ['tests/components/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['tests/components/setup.ts'],
    // The files share one worker, its DOM and its modules: each test renders into an emptied document with a fake
    // API of its own (pages with an SWR cache of their own: render-page.tsx), and setup.ts clears cookies, globals and
    // mocks after it; the files pass in any order (`--sequence.shuffle`). A worker and a DOM per file cost more than
    // twice the CPU (28 CPU-s against 12 here).
    isolate: false,
    // A page loads the way it does in the browser (its lazy chunks, the phone metadata), on a busy machine.
    testTimeout: 30_000,
  },
});
