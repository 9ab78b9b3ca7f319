import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The loopback push service (scripts/lib/push-receiver.mjs): where test subscriptions point. */
      TEST_PUSH_RECEIVER: string;
      /**
       * 'full' for the long tests (chat faults, the ledger's storm and model tests, the economy's model test) at the
       * sizes docs/commands.md lists (npm run test:full-scale); 'suite', the default, for npm test.
       */
      TEST_SCALE: string;
    }
  }
}
