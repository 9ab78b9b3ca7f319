// The edge page cache's public face: purge scopes and their counters (purged by the API, the live objects
// and staff writes), the cache store the guest pages use, and the counters' object the Worker exports.
export { PageEpochs } from './epoch-do';
export { PAGE_SCOPES, currentEpochs, purgePages } from './epochs';
export { expiryFromNow, lookup, parsed, store, type CacheEntry } from './store';
