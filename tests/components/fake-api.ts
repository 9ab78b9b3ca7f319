import { vi } from 'vitest';

/** One call the page made: method, path (with its query) and JSON body, as the server would have got it. */
export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/** What a route answers: a status and a JSON body, or a function of the call (a later answer may differ). */
type Answer = { status?: number; body: unknown } | ((call: SentCall) => { status?: number; body: unknown });

/**
 * The API as the page's fetch sees it, answered in the test: `routes` maps "METHOD /path" (a trailing * matches
 * any rest of the path) to its answer. A call no route answers gets a 404, and is listed in `unanswered`.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const sent: SentCall[] = [];
  const unanswered: SentCall[] = [];
  const find = (method: string, path: string) =>
    Object.entries(routes).find(([route]) => {
      const [routeMethod, pattern = ''] = route.split(' ');
      return routeMethod === method && (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);
    })?.[1];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const call: SentCall = { method, path: url.pathname + url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : null };
    sent.push(call);
    const answer = find(method, call.path);
    if (!answer) unanswered.push(call);
    const { status = 200, body } = typeof answer === 'function' ? answer(call) : (answer ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: '' } } });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  /** The calls made to `path` (exact, with its query), oldest first. */
  const calls = (method: string, path: string) => sent.filter((call) => call.method === method && call.path === path);
  return { sent, unanswered, calls };
}
