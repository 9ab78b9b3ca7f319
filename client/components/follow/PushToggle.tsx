import { useEffect, useState } from 'react';
import { deletePushSubscription, pushKey, pushSubscriptionState, savePushSubscription } from '../../data/push-api';
import { useOneAtATime } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';

/** What this browser can do about went-live notices, and what it does. */
type PushStatus = 'checking' | 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on' | 'failed';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** This browser's push subscription, if any (the service worker is the one the app registers on every page). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/**
 * "Browser notices" on the followed channels' page: the went-live notices of followed channels (those whose bell is
 * on) also come to this browser as system notifications, while no page of ours is open. Per browser: the member
 * turns it on where they want it. The permission prompt comes only from the member's click.
 */
export function PushToggle() {
  const t = useT();
  const [status, setStatus] = useState<PushStatus>('checking');
  const { pending, once } = useOneAtATime();

  useEffect(() => {
    if (!supported()) return setStatus('unsupported');
    if (Notification.permission === 'denied') return setStatus('denied');
    let live = true;
    void (async () => {
      const subscription = await currentSubscription().catch(() => null);
      const state = subscription ? await pushSubscriptionState(subscription.endpoint) : null;
      if (live) setStatus(state?.ok && state.body?.subscribed ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, []);

  const turnOn = () =>
    once(async () => {
      const key = await pushKey();
      if (!key.ok || !key.body) return setStatus(key.status === 503 ? 'unavailable' : 'failed');
      if ((await Notification.requestPermission()) !== 'granted') return setStatus(Notification.permission === 'denied' ? 'denied' : 'off');
      try {
        const registration = await navigator.serviceWorker.ready;
        const subscription =
          (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.body.publicKey) }));
        const { endpoint, keys } = subscription.toJSON();
        const saved = await savePushSubscription({ endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
        setStatus(saved.ok ? 'on' : 'failed');
      } catch {
        // The browser's push service could not be reached (or refused our key).
        setStatus('failed');
      }
    });

  const turnOff = () =>
    once(async () => {
      const subscription = await currentSubscription().catch(() => null);
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe().catch(() => false);
      }
      setStatus('off');
    });

  const on = status === 'on';
  const canAct = status === 'on' || status === 'off' || status === 'failed';
  return (
    <div className="push-toggle">
      <button type="button" className="btn btn-small" aria-pressed={on} aria-describedby="push-status" disabled={!canAct || pending} onClick={() => void (on ? turnOff() : turnOn())}>
        {t(on ? 'push.turnOff' : 'push.turnOn')}
      </button>
      <p id="push-status" className="muted" role="status">
        {t(`push.status.${status}`)}
      </p>
    </div>
  );
}
