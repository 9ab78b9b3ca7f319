/** The KV contents `npm run seed` writes and the Worker tests start from (kv-seed/entries.mjs). */
export declare function kvSeedEntries(brands: Record<string, unknown>): { key: string; value: string }[];
