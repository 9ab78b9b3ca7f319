// The KV contents `npm run seed` writes and the Worker tests start from, listed once: the host map, every
// brand, the service flags (all off) and the channel settings. Brands come from the caller (scripts read
// brands/, the Worker tests use the bundled copies), each as the object of its brand.json.
import hosts from './hosts.json' with { type: 'json' };
import flags from './flags.json' with { type: 'json' };
import channeling from './channeling.json' with { type: 'json' };

/** @param {Record<string, unknown>} brands brand id -> brand.json */
export function kvSeedEntries(brands) {
  return [
    { key: 'hosts', value: JSON.stringify(hosts) },
    ...Object.entries(brands).map(([id, brand]) => ({ key: `brand:${id}`, value: JSON.stringify(brand) })),
    { key: 'flags', value: JSON.stringify(flags) },
    { key: 'channeling', value: JSON.stringify(channeling) },
  ];
}
