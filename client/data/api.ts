import type { ApiSchema } from '@api/schema';
import { type ApiMethod, type PathRequest, type RequestArgs, type RouteAnswer, type RouteFailure, type RoutePath, type RouteRequest, routeUrl } from '../../src/shared/api-routes';
import { SESSION_INVALID, SESSION_INVALID_MESSAGE, XSRF_COOKIE, XSRF_HEADER, needsXsrf } from '../../src/shared/account-api';
import { popupDue, reportApiFailure } from '../errors/api-failure';
import { emitApiFailure, emitSessionExpired } from '../state/events';
import { readCookieAsync } from './cookies';
import { redirectToMaintenance } from './maintenance-redirect';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** Calls under way: signing out waits for them (client/data/sign-out.ts), or one would race the session's end into a 401. */
export const inFlight = new Set<Promise<Response>>();

/** The one call that may start while calls are held: the sign-out itself. */
export const SIGN_OUT_PATH = '/api/auth/signout';
let held = false;

/**
 * Signing out (client/data/sign-out.ts): from now on a new call (an SWR revalidation, a poll) never starts
 * and never settles, since the page is about to leave; started against the ending session it would answer
 * 401 and the browser would log it.
 */
export function holdNewCalls(): void {
  held = true;
}

/**
 * fetch with credentials through our proxy; every call goes through here. Calls that change something
 * (unsafe methods and the GETs that write) carry the XSRF token; a 5xx or no answer is reported
 * (client/errors/api-failure.ts), and one without a code of its own opens the global popup (once an outage); a 503
 * goes to the maintenance page; a session the server calls over opens the session-expired modal (the proxy has
 * already tried a refresh and cleared the cookies).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const method = (init.method ?? 'GET').toUpperCase();
  const xsrf = needsXsrf(method, new URL(path, window.location.origin).pathname) ? await readCookieAsync(XSRF_COOKIE) : null;
  // Checked after the cookie's read, which may wait: a call that began before signing out must not slip through.
  if (held && path !== SIGN_OUT_PATH) return new Promise<Response>(() => {});
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  const request = fetch(path, { credentials: 'include', ...init, headers });
  inFlight.add(request);
  const res = await request
    .catch((error: unknown) => {
      // A call its caller cancelled got no answer on purpose.
      if (!init.signal?.aborted) {
        reportApiFailure(method, path, 0);
        raisePopup(0, null);
      }
      throw error;
    })
    .finally(() => inFlight.delete(request));
  reportApiFailure(method, path, res.status);
  raisePopup(
    res.status,
    res.status >= 500
      ? errorOf(
          await res
            .clone()
            .json()
            .catch(() => null),
        ).code
      : null,
  );
  if (res.status === 503) redirectToMaintenance(window.location);
  if (res.status === 401) {
    // 'accessToken is not valid.' means the session is over, whichever way the server says it.
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { error?: { code?: string; message?: string }; message?: string } | null;
    const message = body?.error?.message ?? body?.message;
    if (body?.error?.code === SESSION_INVALID || body?.error?.code === 'SESSION_EXPIRED' || message === SESSION_INVALID_MESSAGE) emitSessionExpired();
  }
  return res;
}

function raisePopup(status: number, code: string | null): void {
  const due = popupDue(status, code);
  if (due) emitApiFailure(due);
}

/** The SWR fetcher: SWR keys are API paths; a key made by apiKey says what its route answers. */
export function jsonFetcher<T>(key: ApiKey<T>, init?: RequestInit): Promise<T>;
export function jsonFetcher(path: string, init?: RequestInit): Promise<unknown>;
export async function jsonFetcher(path: string, init?: RequestInit): Promise<unknown> {
  const res = await apiFetch(path, init);
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.message ?? res.statusText, body?.error?.code ?? null);
  return body;
}

/** What every API call of the pages (client/data/account.ts, watch-api.ts) answers: the status, the parsed body and the error if any. */
export type ApiResult<T, F = unknown> = ApiOutcome<true, T> | ApiOutcome<false, F>;
interface ApiOutcome<Ok extends boolean, B> {
  ok: Ok;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** The answer's JSON, on failure too (sign-up says what is wrong in it): the route's answer, or a refusal's body. */
  body: B | null;
  /** The server's own (localized) words (error.message, else message), '' when it gave none. */
  message: string;
  code: string | null;
}

type ErrorBody = { error?: { code?: string; message?: string } | string; message?: string; code?: string; data?: { error?: string } };

function errorOf(body: unknown): { message: string; code: string | null } {
  const b = (body ?? {}) as ErrorBody;
  const err = typeof b.error === 'object' && b.error ? b.error : null;
  // Sign-up answers { data: { error } }; everything else { error: { code, message } } or { message }.
  const message = err?.message ?? (typeof b.error === 'string' ? b.error : undefined) ?? b.data?.error ?? (typeof b.message === 'string' ? b.message : '');
  return { message, code: err?.code ?? b.code ?? null };
}

/** The API's route patterns that answer `M` (src/api/api-type.ts, from the generated declaration; docs/architecture.md, "API contract"). */
export type ApiPath<M extends ApiMethod> = RoutePath<ApiSchema, M>;
/** What route `P` answers to `M` when it succeeds. */
export type ApiAnswer<M extends ApiMethod, P> = RouteAnswer<ApiSchema, M, P>;
/** The refusals route `P` answers to `M` with a body of its own (sign-in's, sign-up's); other refusals are the envelope. */
export type ApiFailure<M extends ApiMethod, P> = RouteFailure<ApiSchema, M, P>;
/** What a call of route `P` gives: `param` (its `:name`s), `query`, `json` or a multipart `form`. */
export type ApiRequest<M extends ApiMethod, P> = RouteRequest<ApiSchema, M, P>;

declare const answerOf: unique symbol;
/** A GET route's URL, which is also its SWR key (client/data/use-api.ts); it carries what the route answers. */
export type ApiKey<T> = string & { readonly [answerOf]: T };

/** The URL (and SWR key) of a GET of route `path` with its parameters and query. */
export function apiKey<P extends ApiPath<'GET'>>(path: P, ...request: RequestArgs<ApiRequest<'GET', P>>): ApiKey<ApiAnswer<'GET', P>> {
  return routeUrl(path, request[0] as PathRequest | undefined) as ApiKey<ApiAnswer<'GET', P>>;
}

/** A GET by its key (a custom SWR fetcher's), typed by the route the key names; it never throws. */
export const callKey = <T>(key: ApiKey<T>, init: CallOptions = {}): Promise<ApiResult<T>> => send<T>('GET', key, undefined, init.headers);

/** A call of one of the edge's own routes (src/app.ts, not the embedded API's, so no route types it): its answer is the caller's word. */
export const callEdge = <T>(method: ApiMethod, path: string, json?: unknown): Promise<ApiResult<T>> => send<T>(method, path, json);

type CallOptions = { headers?: Record<string, string> };

/**
 * One API call through apiFetch, typed by its route: `path` is the route's pattern, the request its parameters,
 * query, JSON body or multipart form (and extra headers); the result's body is what the route answers. It never throws.
 */
export function call<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...request: RequestArgs<ApiRequest<M, P>, CallOptions>): Promise<ApiResult<ApiAnswer<M, P>, ApiFailure<M, P>>> {
  const { json, form, headers, ...url } = (request[0] ?? {}) as PathRequest & CallOptions & { json?: unknown; form?: FormData };
  return send(method, routeUrl(path, url), form ?? json, headers);
}

/** The call itself, with `json` (or a FormData, sent as multipart) as its body when given; it never throws. */
async function send<T, F = unknown>(method: ApiMethod, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T, F>> {
  const init: RequestInit = { method, headers };
  // A form (multipart, with files): the browser writes its content type and boundary.
  if (json instanceof FormData) init.body = json;
  else if (json !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await apiFetch(path, init);
  } catch {
    return { ok: false, status: 0, body: null, message: '', code: 'NETWORK' };
  }
  const body: unknown = await res.json().catch(() => null);
  // The one cast of an answer: the route's type says what it writes (src/api/api-type.ts); the API's tests hold it to that.
  if (res.ok) return { ok: true, status: res.status, body: body as T | null, message: '', code: null };
  return { ok: false, status: res.status, body: body as F | null, ...errorOf(body) };
}
