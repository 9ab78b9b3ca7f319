import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The loopback push service (scripts/lib/push-receiver.mjs): where test subscriptions point. */
      TEST_PUSH_RECEIVER: string;
    }
  }
}
