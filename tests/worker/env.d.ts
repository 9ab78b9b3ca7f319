import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The loopback push service (scripts/lib/push-receiver.mjs): where test subscriptions point. */
      TEST_PUSH_RECEIVER: string;
      /** 'full' for the chat-faults run at the scale docs/security.md states (npm run bench:chat-faults). */
      CHAT_FAULTS_SCALE: string;
    }
  }
}
