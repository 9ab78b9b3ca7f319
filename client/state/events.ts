/**
 * Signals from outside React (the data layer) to the global UI. The app listens for these window events
 * and turns them into atom updates.
 */
export const SESSION_EXPIRED_EVENT = 'flx:session-expired';

export function emitSessionExpired(): void {
  window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
}

/** A call failed in a way no page explains (client/errors/api-failure.ts): the global popup says it. */
export const API_FAILURE_EVENT = 'flx:api-failure';

export function emitApiFailure(kind: 'network' | 'server'): void {
  window.dispatchEvent(new CustomEvent(API_FAILURE_EVENT, { detail: kind }));
}
