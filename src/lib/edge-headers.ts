// Where the client is (its address and country), told by our edge to the API, signed (issue 17 part 4).
//
// The API may run at API_ORIGIN, a server anyone can call: there X-Client-IP is just a header, and a client that
// writes one could move itself out of the per-client sign-in limit or into someone else's. So the proxy signs what it
// tells (HMAC-SHA256 under EDGE_HEADER_SECRET, which the edge and the API share, over a timestamp, the method, the
// path and the values), and the API reads these headers only with a signature that verifies and is fresh; anything
// else is ignored, as if the edge had said nothing. The embedded API goes through the same check.
import { hmacSign, hmacVerify } from './crypto';

export const EDGE_HEADERS = { ip: 'x-client-ip', country: 'x-client-country', signature: 'x-edge-signature' } as const;
/** A signature older (or further ahead) than this is refused: long enough for clock skew and a slow hop. */
export const EDGE_SIGNATURE_MAX_AGE_MS = 60_000;

export interface EdgeClient {
  ip?: string;
  country?: string;
}

const message = (at: number, method: string, pathAndQuery: string, client: EdgeClient) => [at, method.toUpperCase(), pathAndQuery, client.ip ?? '', client.country ?? ''].join('\n');

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Put the client's address and country on `headers`, signed; headers of those names already there are replaced. */
export async function signEdgeClient(secret: string, headers: Headers, method: string, url: string, client: EdgeClient, now = Date.now()): Promise<void> {
  for (const name of Object.values(EDGE_HEADERS)) headers.delete(name);
  if (!client.ip && !client.country) return;
  if (client.ip) headers.set(EDGE_HEADERS.ip, client.ip);
  if (client.country) headers.set(EDGE_HEADERS.country, client.country);
  headers.set(EDGE_HEADERS.signature, `${now}.${await hmacSign(secret, message(now, method, pathOf(url), client))}`);
}

/** What the edge said about the client, if it said it (signature good and fresh); else nothing at all. */
export async function verifiedEdgeClient(secret: string | undefined, request: Request, now = Date.now()): Promise<EdgeClient> {
  const signature = request.headers.get(EDGE_HEADERS.signature);
  if (!secret || !signature) return {};
  const dot = signature.indexOf('.');
  const at = Number(signature.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at) || Math.abs(now - at) > EDGE_SIGNATURE_MAX_AGE_MS) return {};
  const client: EdgeClient = { ip: request.headers.get(EDGE_HEADERS.ip) ?? undefined, country: request.headers.get(EDGE_HEADERS.country) ?? undefined };
  return (await hmacVerify(secret, message(at, request.method, pathOf(request.url), client), signature.slice(dot + 1))) ? client : {};
}
