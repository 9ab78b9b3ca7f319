// Typed calls of the embedded API, for any Hono schema S (src/api/api-type.ts's ApiSchema: the client reads it from
// its emitted declaration, the edge from the app itself). A call names the route as registered (`:name` for a path
// parameter) and gives its parameters apart, so a path, a parameter or an answer field the API does not have is a
// type error (docs/architecture.md, "API contract").
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Verb<M extends ApiMethod> = `$${Lowercase<M>}`;

/** The route patterns of S that answer method M. */
export type RoutePath<S, M extends ApiMethod> = { [P in keyof S & string]: Verb<M> extends keyof S[P] ? P : never }[keyof S & string];

type Endpoint<S, M extends ApiMethod, P> = P extends keyof S ? (Verb<M> extends keyof S[P] ? S[P][Verb<M>] : never) : never;

type Output<E> = E extends { output: infer O } ? O : never;
/** What the route answers when it succeeds (its answers with an error status left out). */
export type RouteAnswer<S, M extends ApiMethod, P> = Output<Exclude<Endpoint<S, M, P>, { status: ClientErrorStatusCode | ServerErrorStatusCode }>>;
/** The refusals the route answers with a body of its own (sign-in's, sign-up's), not the error envelope. */
export type RouteFailure<S, M extends ApiMethod, P> = Output<Extract<Endpoint<S, M, P>, { status: ClientErrorStatusCode | ServerErrorStatusCode }>>;

/** A path or query value: Hono types them as the strings they travel as; a number or a boolean is written out. */
type Loose<T> = { [K in keyof T]: T[K] | (string extends T[K] ? number | boolean : 'true' extends T[K] ? boolean : never) };

type Input<S, M extends ApiMethod, P> = Endpoint<S, M, P> extends { input: infer I } ? I : never;

/** A route that validates no JSON body takes at most an empty one (some calls send `{}`). */
type WithJson<I> = I extends { json: unknown } ? I : I & { json?: Record<string, never> };
type Part<K, V> = K extends 'param' | 'query' ? Loose<V> : K extends 'form' ? FormData : V;
/** A part whose fields are all optional (a query of optional keys) may be left out. */
type OptionalWhenEmpty<T> = { [K in keyof T as object extends T[K] ? K : never]?: T[K] } & { [K in keyof T as object extends T[K] ? never : K]: T[K] };

/** What a call of the route gives: its path parameters, query, JSON body or multipart form, as it validates them. */
export type RouteRequest<S, M extends ApiMethod, P> =
  WithJson<Input<S, M, P>> extends infer I ? OptionalWhenEmpty<{ [K in keyof I as K extends 'param' | 'query' | 'json' | 'form' ? K : never]: Part<K, I[K]> }> : never;

/** The request as an optional argument when nothing in it is required, else a required one. */
export type RequestArgs<R, Extra = object> = object extends R ? [request?: R & Extra] : [request: R & Extra];

export interface PathRequest {
  param?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
}

/**
 * The URL of a route: each `:name` its parameter (encoded), then the query in the order given, undefined left out
 * (an empty query string is no query).
 */
export function routeUrl(pattern: string, request: PathRequest = {}): string {
  const path = pattern.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, (_, name: string) => encodeURIComponent(String(request.param?.[name] ?? '')));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) query.append(key, v);
    else query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
