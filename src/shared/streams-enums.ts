// Stream kinds, sources and player types, and the live-time options: the values both the
// response schemas (streams-schemas.ts) and the watch contract (streams-api.ts) are built on.

export const STREAM_KIND = { live: 1, record: 2, channel: 3 } as const;
export type StreamKind = (typeof STREAM_KIND)[keyof typeof STREAM_KIND];

/** 'flex' is our own embedded source (encoder -> /live/ingest -> R2); the rest are third-party URLs. */
export const STREAM_SOURCES = ['flex', 'ncp', 'aws', 'llh', 'bp_flv', 'bp_rtc'] as const;
export type StreamSource = (typeof STREAM_SOURCES)[number];

export const PLAYER_TYPES = ['IVS', 'HLS', 'NCP', 'HTML5', 'BYTEPLUS'] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

/** GET /api/channels/{id}/live-time?option=current|today|week|month */
export const LIVE_TIME_OPTIONS = ['current', 'today', 'week', 'month'] as const;
export type LiveTimeOption = (typeof LIVE_TIME_OPTIONS)[number];
/**
 * The apps send the option as a number: 1 current, 2 today, 3 week, 4 month (in the order of the words,
 * which the answer's `option` always carries).
 */
export const LIVE_TIME_OPTION_NUMBERS = { 1: 'current', 2: 'today', 3: 'week', 4: 'month' } as const satisfies Record<number, LiveTimeOption>;

/** The most seats a channel may set for its lives (channels.max_viewers CHECK in migration 0019). */
export const MAX_VIEWERS_LIMIT = 100_000;

/** A channel keeps its newest this many recordings of ours, and their chat replay; older ones are deleted (clips keep theirs). */
export const KEEP_RECORDINGS = 10;
