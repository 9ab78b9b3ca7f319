import { SIGNING_OUT_EVENT } from '../state/ui';
import { apiFetch, holdNewCalls, inFlight, SIGN_OUT_PATH } from './api';

/**
 * Sign out, then start afresh on the home page. Realtime connections (the inbox) stop first, so none asks for a new
 * ticket as the session ends; calls already on their way (the header's wallet, a page's lists) are answered first,
 * at most 3 s, and none starts after them, so none races the session's end into a 401. Loaded when the button is
 * pressed.
 */
export async function signOut(): Promise<void> {
  dispatchEvent(new Event(SIGNING_OUT_EVENT));
  holdNewCalls();
  if (inFlight.size) await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  await apiFetch(SIGN_OUT_PATH, { method: 'POST' }).catch(() => null);
  window.location.assign('/');
}
