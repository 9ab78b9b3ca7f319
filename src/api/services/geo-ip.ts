// GET /api/auth/geo-ip: the caller's country. In production Cloudflare geolocates every request
// (request.cf.country, which the edge passes as X-Client-Country). Locally there is no such thing: requests
// come from loopback or a private network, which no public database places anywhere. For those ranges
// (RFC 1918, loopback, link-local, CGNAT, IPv6 ULA) the answer is GEO_LOCAL_COUNTRY (config: KR in
// development), so the sign-up forms behave here as they do for a Korean visitor; any other address
// without an edge country is unknown (null).

export type GeoSource = 'edge' | 'local-range';

/** IPv4 ranges that never leave a local network: [network, prefix length]. */
const LOCAL_V4: ReadonlyArray<readonly [string, number]> = [
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8], // RFC 1918
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16], // link-local
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
];

function v4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

export function isLocalAddress(ip: string): boolean {
  const address = ip.trim().toLowerCase();
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  const v4 = v4ToInt(mapped);
  if (v4 !== null) {
    return LOCAL_V4.some(([network, bits]) => {
      const size = 2 ** (32 - bits);
      return Math.floor(v4 / size) === Math.floor(v4ToInt(network)! / size);
    });
  }
  if (!address.includes(':')) return false;
  // IPv6: loopback, unique local fc00::/7, link-local fe80::/10.
  return address === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address);
}

/** Cloudflare's own placeholders: XX (unknown), T1 (Tor). */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

export function geoCountry(input: { edgeCountry?: string | null; ip?: string | null; localCountry?: string | null }): { countryCode: string | null; source: GeoSource | null } {
  const edge = input.edgeCountry?.toUpperCase();
  if (edge && /^[A-Z]{2}$/.test(edge) && !NOT_A_COUNTRY.has(edge)) return { countryCode: edge, source: 'edge' };
  const local = input.localCountry?.toUpperCase();
  if (input.ip && local && /^[A-Z]{2}$/.test(local) && isLocalAddress(input.ip)) return { countryCode: local, source: 'local-range' };
  return { countryCode: null, source: null };
}
