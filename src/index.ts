import { app } from './app';
import { assertSafeConfig, renewDueSubscriptions } from './api';

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
} satisfies ExportedHandler<Env>;
