// The edge page cache's timings (src/edge-cache/), shared with the client pages that must allow for them.

/**
 * How long a guest page (and the shared part of a member's home page) is served from the edge cache.
 * 15 s: what changes without a purge (viewer counts, flushed every 5 s; subscriber counts; thumbnails;
 * banners and popups whose time window opens or closes) shows within 15 s, half the home page's own
 * 30 s refresh of its lives (client/data/use-view-main.ts); and at 15 s a page asked for even once a
 * second by each of a colo's isolates renders there at most a few times per quarter minute.
 */
export const PAGE_CACHE_TTL_S = 15;

/**
 * How long an isolate trusts the purge counters it last read (src/edge-cache/epochs.ts). A purge reaches
 * every isolate within this time; until then an isolate that has not yet heard of it may still serve the
 * page from before. One read per isolate per second keeps the counters' Durable Object far from busy.
 */
export const PURGE_REACH_MS = 1_000;

/** Response header saying where a page came from: HIT (the edge cache), MISS (rendered and stored). */
export const EDGE_CACHE_HEADER = 'X-Edge-Cache';
