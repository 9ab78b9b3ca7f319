// Where a request comes from, as far as the Worker can know it (docs/security.md, "Client address").
//
// On Cloudflare, CF-Connecting-IP is written by Cloudflare's edge from the connection itself: a copy the client
// sent never reaches the Worker. X-Forwarded-For, X-Real-IP, X-Client-IP, True-Client-IP (Enterprise only) and
// Forwarded are whatever the client wrote, and nothing here reads them. Locally (wrangler dev, the tests) there is
// no such edge: Miniflare fills CF-Connecting-IP from the socket only when the request has none (its entry
// worker), so there the header is the client's own claim. The edge passes the address to the API as
// X-Client-IP, set by the proxy alone (src/proxy/caller.ts drops any the client sent).
import { isProductionEnv } from '../shared/environment';

/** The client's address as Cloudflare's edge saw it; only a claim outside production. */
export function edgeClientAddress(headers: Headers): string | undefined {
  return headers.get('cf-connecting-ip')?.trim() || undefined;
}

/** IPv6: one subscriber holds a whole /64, so a per-client limit counts the prefix, not the address. */
function addressKey(address: string): string {
  const ip = address.toLowerCase();
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Every caller of a development or test Worker: there the address is a claim, so they count as one client. */
export const UNVERIFIED_CLIENT = 'unverified';

/**
 * The key a per-client limit counts under: the address where Cloudflare vouches for it (production), else one
 * key for every caller, so a client that claims new addresses still meets the same limit.
 */
export function clientLimitKey(environment: string | undefined, address: string | undefined): string {
  if (!isProductionEnv(environment)) return UNVERIFIED_CLIENT;
  return address ? addressKey(address) : UNVERIFIED_CLIENT;
}
