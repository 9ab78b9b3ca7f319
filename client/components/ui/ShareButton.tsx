import { useSyncExternalStore } from 'react';

const noChange = () => () => {};

/**
 * The device's own share sheet (a phone's: a messenger, a note) for `url` (a path: this site's), where the browser has one; nothing where
 * it has not (a desktop browser, some app webviews): the copy button beside it does the job there. A share the
 * person closes is not a failure.
 */
export function ShareButton({ title, url, label }: { title: string; url: string; label: string }) {
  // false on the server and until hydration: the page renders the same, then gains the button.
  const canShare = useSyncExternalStore(
    noChange,
    () => typeof navigator.share === 'function',
    () => false,
  );
  if (!canShare) return null;
  return (
    <button type="button" className="btn btn-small" onClick={() => void navigator.share({ title, url: new URL(url, window.location.href).href }).catch(() => undefined)}>
      {label}
    </button>
  );
}
