import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startIdentity, type IdentityPurpose } from '../../data/account';
import { useFailureNotice } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { nativeIdentity, postToNative } from '../../native/bridge';
import { alertMessageAtom } from '../../state/ui';

const POPUP_FEATURES = 'width=400,height=600';
/** How often to check whether the identity popup was closed. */
const CLOSED_POLL_MS = 500;
/** The popup posts its result and closes at once; give that message time to arrive before giving up. */
const LATE_MESSAGE_MS = 150;

/** NICE's standard window takes a form post: submit one into the popup window by its name. */
function postInto(target: string, action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = target;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

/**
 * Identity verification in a 400x600 popup. The popup posts { type: 'personal-auth', authKey } to its
 * opener; closing it without that resolves null. Inside a native app that can (nativeIdentity), the app
 * opens the provider itself: it gets { type: 'personal-auth', url, form } through the bridge and posts the
 * same { type: 'personal-auth', authKey } back into the page, with no authKey when the person gave up.
 */
export function useIdentityPopup() {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const notice = useFailureNotice();
  const [busy, setBusy] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);

  const verify = useCallback(
    async (purpose: IdentityPurpose): Promise<string | null> => {
      cancel.current?.();
      // Opened inside the click itself: after an await the browser would block it as an unrequested popup.
      const native = nativeIdentity(navigator.userAgent);
      const popup = native ? null : window.open('about:blank', 'personal-auth', POPUP_FEATURES);
      setBusy(true);
      const started = await startIdentity(purpose);
      if (!started.ok || !started.body?.url) {
        popup?.close();
        setBusy(false);
        // An answer without the page to open is a failure too.
        notice({ ...started, ok: false }, { fallback: 'auth.errors.unknown' });
        return null;
      }
      if (native) postToNative({ type: 'personal-auth', url: started.body.url, form: started.body.form ?? null });
      else if (!popup) {
        setBusy(false);
        setAlert(t('identity.popupBlocked'));
        return null;
      } else if (started.body.form) postInto('personal-auth', started.body.url, started.body.form);
      else popup.location.href = started.body.url;
      return new Promise<string | null>((resolve) => {
        let done = false;
        const finish = (authKey: string | null) => {
          if (done) return;
          done = true;
          clearInterval(poll);
          window.removeEventListener('message', onMessage);
          cancel.current = null;
          setBusy(false);
          resolve(authKey);
        };
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== window.location.origin) return;
          const data = event.data as { type?: unknown; authKey?: unknown } | null;
          if (data?.type !== 'personal-auth') return;
          if (typeof data.authKey === 'string' && data.authKey) finish(data.authKey);
          // The app has no window to watch closing: it says the person gave up.
          else if (native) finish(null);
        };
        const poll = setInterval(() => {
          if (popup?.closed) setTimeout(() => finish(null), LATE_MESSAGE_MS);
        }, CLOSED_POLL_MS);
        window.addEventListener('message', onMessage);
        cancel.current = () => finish(null);
      });
    },
    [setAlert, notice, t],
  );

  return { verify, busy };
}
