// API answers that are our fault (5xx) or never came are reported to the error collector; the path only,
// since a query string may carry data. A call that failed while the browser is offline is the person's
// connection, not a fault: noise.
import { reportError } from './install';

/** An API failure as reported: its name groups them in the collector, its message says which call. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly method: string,
    readonly path: string,
    /** 0 when the request got no answer. */
    readonly status: number,
  ) {
    super(`${method} ${path} ${status === 0 ? 'got no answer' : `answered ${status}`}`);
  }
}

/** The report for a call's outcome (status 0: no answer), or null when there is nothing to report. */
export function apiFailureOf(method: string, url: string, status: number, online: boolean): ApiFailure | null {
  if (status === 0 ? !online : status < 500) return null;
  return new ApiFailure(method, new URL(url, 'http://x').pathname, status);
}

/** Report a call's outcome when it is a failure worth reporting; never throws. */
export function reportApiFailure(method: string, url: string, status: number): void {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  const failure = apiFailureOf(method, url, status, online);
  if (failure) reportError(failure);
}
