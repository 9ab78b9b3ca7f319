// What our edge tells the API about a request, signed (docs/security.md, "Client address"): where the client is (its address and
// country), the site it came through (its origin and brand) and the partner that referred it.
//
// The API may run at API_ORIGIN, a server anyone can call: there these are just headers. A client that writes
// X-Client-IP could move itself out of the per-client sign-in limit or into someone else's; one that writes
// X-Site-Origin could have an identity provider send a verified person back to a site of its own, with the result.
// So the proxy signs what it tells (HMAC-SHA256 under EDGE_HEADER_SECRET, which the edge and the API share, over a
// timestamp, the method, the path and the values), and the API reads these headers only with a signature that
// verifies and is fresh; anything else is ignored, as if the edge had said nothing. The embedded API goes through
// the same check.
import { BRAND_HEADER, SITE_ORIGIN_HEADER } from '../shared/constants';
import { hmacSign, hmacVerify } from './crypto';

/** What the edge tells, by header. */
const TOLD = { ip: 'x-client-ip', country: 'x-client-country', site: SITE_ORIGIN_HEADER, brand: BRAND_HEADER, partnerCode: 'x-partner-code' } as const;
export const EDGE_HEADERS = { ...TOLD, signature: 'x-edge-signature' } as const;
/** A signature older (or further ahead) than this is refused: long enough for clock skew and a slow hop. */
export const EDGE_SIGNATURE_MAX_AGE_MS = 60_000;

export interface EdgeClient {
  ip?: string;
  country?: string;
  /** The site's origin (scheme and host the browser used). */
  site?: string;
  /** The brand the site is (its id). */
  brand?: string;
  /** The partner code from the visitor's cookie (a partner's link set it). */
  partnerCode?: string;
}

const FIELDS = Object.keys(TOLD) as (keyof typeof TOLD)[];

// One value per line: a header value cannot hold a line break, so no two sets of values read the same.
const message = (at: number, method: string, pathAndQuery: string, client: EdgeClient) => [at, method.toUpperCase(), pathAndQuery, ...FIELDS.map((field) => client[field] ?? '')].join('\n');

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Put what the edge tells of `client` on `headers`, signed; headers of those names already there are replaced. */
export async function signEdgeClient(secret: string, headers: Headers, method: string, url: string, client: EdgeClient, now = Date.now()): Promise<void> {
  for (const name of Object.values(EDGE_HEADERS)) headers.delete(name);
  const told = FIELDS.filter((field) => client[field]);
  if (!told.length) return;
  for (const field of told) headers.set(TOLD[field], client[field]!);
  headers.set(EDGE_HEADERS.signature, `${now}.${await hmacSign(secret, message(now, method, pathOf(url), client))}`);
}

/** What the edge said, if it said it (signature good and fresh); else nothing at all. */
export async function verifiedEdgeClient(secret: string | undefined, request: Request, now = Date.now()): Promise<EdgeClient> {
  const signature = request.headers.get(EDGE_HEADERS.signature);
  if (!secret || !signature) return {};
  const dot = signature.indexOf('.');
  const at = Number(signature.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at) || Math.abs(now - at) > EDGE_SIGNATURE_MAX_AGE_MS) return {};
  const client: EdgeClient = {};
  for (const field of FIELDS) {
    const value = request.headers.get(TOLD[field]);
    if (value) client[field] = value;
  }
  return (await hmacVerify(secret, message(at, request.method, pathOf(request.url), client), signature.slice(dot + 1))) ? client : {};
}
