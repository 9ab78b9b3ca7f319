// npm run ops -- push-listen --as <loginId> [--url URL | --port N]   (password in OPS_PASSWORD)
// A browser's Web Push, by hand, where no browser's push service is reachable (this machine has no internet, and
// Chromium's own push service refuses private windows): a push service on loopback (scripts/lib/push-receiver.mjs,
// which checks our VAPID token and decrypts as a browser would) subscribes for the member through the same call a
// page makes (PUT /api/my/push-subscription), then prints every notice pushed to it until Ctrl-C, when it lets the
// subscription go. Start a followed channel's live (`npm run broadcast`) to see its went-live notice arrive.
// Only outside production: a production Worker posts only to the browsers' push services.
import { startPushReceiver } from '../lib/push-receiver.mjs';
import { answerOf, asStaff, option } from '../lib/staff-session.mjs';

export const PUSH_LISTEN_USAGE = 'npm run ops -- push-listen --as <any member loginId> [--url URL | --port N] (password in OPS_PASSWORD)';

export async function pushListen(argv) {
  const receiver = await startPushReceiver();
  try {
    await asStaff(argv, PUSH_LISTEN_USAGE, async (session) => {
      const subscription = await (await fetch(`${receiver.origin}/subscriptions`, { method: 'POST' })).json();
      const kept = await session.fetch('/api/my/push-subscription', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }),
      });
      if (!(await answerOf(kept, 'subscribe'))) return;
      console.log(`listening for ${option(argv, '--as') ?? process.env.OPS_LOGIN_ID}'s Web Push at ${subscription.endpoint} (Ctrl-C to stop)`);
      let shown = 0;
      const id = subscription.endpoint.split('/').pop();
      const stop = new Promise((resolve) => process.once('SIGINT', resolve));
      const poll = setInterval(async () => {
        const received = await (await fetch(`${receiver.origin}/received/${id}`)).json();
        for (const push of received.slice(shown)) console.log(`${new Date().toISOString()}  TTL ${push.ttl} s, ${push.urgency}, topic ${push.topic}: ${push.payload}`);
        shown = received.length;
      }, 500);
      await stop;
      clearInterval(poll);
      await session.post('/api/my/push-subscription/delete', { endpoint: subscription.endpoint });
      console.log('subscription let go');
    });
  } finally {
    await receiver.stop();
  }
}
