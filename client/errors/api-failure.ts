// API answers that are our fault (5xx) or never came are reported to the error collector; the path only,
// since a query string may carry data. A call that failed while the browser is offline is the person's
// connection, not a fault: noise. Those no page can explain (no answer, a 5xx without a code of its own) are
// also told to the person once, by the global popup (apiFetch raises it; pages say nothing more: client/data/use-mutation.ts).
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

/**
 * A failure no page can explain, as the popup words it: 'network' when the call got no answer, 'server' for a 5xx
 * without a code of its own (none, or the API's catch-all INTERNAL). Null for an answer that is no failure, a 503
 * (the maintenance page takes over) and any refusal with its own code, which the page that called explains.
 */
export type UncodedFailure = 'network' | 'server';
export function uncodedFailureOf(status: number, code: string | null): UncodedFailure | null {
  if (status === 0) return 'network';
  if (status < 500 || status === 503) return null;
  return code === null || code === '' || code === 'INTERNAL' ? 'server' : null;
}

let outage: UncodedFailure | null = null;

/**
 * Whether this outcome should open the popup: the first failure of a kind does, the same kind again does not until
 * a call gets an answer again (so a poll during an outage, or a page's several calls failing together, open it once).
 */
export function popupDue(status: number, code: string | null): UncodedFailure | null {
  const failure = uncodedFailureOf(status, code);
  if (failure === null) {
    if (status > 0 && status < 500) outage = null;
    return null;
  }
  if (failure === outage) return null;
  outage = failure;
  return failure;
}
