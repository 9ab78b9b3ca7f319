/**
 * The header a studio tab sends with every file it sends to the ingest: one value per broadcast from that tab. The
 * channel's newest sender takes a live over; files from the one it displaced are refused (INGEST_TAKEN_OVER). An
 * encoder that sends none (ffmpeg, OBS) counts as one sender of its own.
 */
export const INGEST_SESSION_HEADER = 'x-ingest-session';
/** What a session value may be (a UUID does). */
export const INGEST_SESSION_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
