import { app } from './app';
import { assertSafeConfig, renewDueSubscriptions, tellFollowers } from './api';

export { LiveChannel } from './live';
export { ChatRoom } from './chat';
export { PageEpochs } from './edge-cache';
export { MemberInbox } from './inbox';

let checked = false;

export default {
  fetch(request, env, ctx) {
    if (!checked) {
      assertSafeConfig(env); // a production Worker with offline adapters or the dev secret refuses to serve
      checked = true;
    }
    return app.fetch(request, env, ctx);
  },
  // The Cron Trigger (wrangler.toml [triggers]): renew the subscriptions due at the scheduled time.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(renewDueSubscriptions(env.DB, controller.scheduledTime).then((report) => console.log('subscription renewals', JSON.stringify(report))));
  },
  // The went-live notices' queue (wrangler.toml [[queues.consumers]]): each message tells a page of followers.
  // Each message tells a page of followers; a batch's pages go side by side.
  async queue(batch, env) {
    await Promise.all(
      batch.messages.map(async (message) => {
        try {
          await tellFollowers(env, message.body);
          message.ack();
        } catch (error) {
          console.error('went-live notices failed', JSON.stringify(message.body), error);
          message.retry();
        }
      }),
    );
  },
} satisfies ExportedHandler<Env>;
