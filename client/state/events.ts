/**
 * Signals from outside React (the data layer) to the global UI. The app listens for these window events
 * and turns them into atom updates.
 */
export const SESSION_EXPIRED_EVENT = 'flx:session-expired';

export function emitSessionExpired(): void {
  window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
}
