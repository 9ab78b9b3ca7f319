// npm run seed [-- --remote | --persist-to DIR]: writes kv-seed/ and brands/ into the CONFIG namespace.
import { kvBulkPut, seedEntries } from './lib/kv.mjs';
import { parseTarget } from './lib/wrangler.mjs';

const options = parseTarget(process.argv.slice(2));
const entries = seedEntries();
kvBulkPut(entries, options);
console.log(`seeded ${entries.length} keys into CONFIG (${options.remote ? 'remote' : 'local'}): ${entries.map((e) => e.key).join(', ')}`);
