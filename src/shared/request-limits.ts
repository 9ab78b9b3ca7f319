// Limits every request meets (docs/security.md, "Limits"), at the edge and again in the API (which API_ORIGIN callers reach
// without the edge). Sized so no person or page of ours comes near them; the write rate is config (wrangler.toml).

/** A JSON or form body (anything but a multipart upload): the largest of ours is a few KB. */
export const BODY_MAX_BYTES = 64 * 1024;
/** Nesting of a JSON body: ours nest three deep at most; a deep one costs the parser, not us, only if refused first. */
export const JSON_MAX_DEPTH = 16;
/** The query string, in characters: our longest (callback URLs, list filters) stay well under 1 KB. */
export const QUERY_MAX_CHARS = 2048;
/** A body must arrive whole within this (ms) unless BODY_READ_TIMEOUT_MS says otherwise: a slow body holds a request open. */
export const BODY_READ_TIMEOUT_MS = 10_000;
/** Unsafe API calls one member may make per window unless WRITE_RATE says otherwise ("<count>/<seconds>"). */
export const WRITE_RATE_DEFAULT = { count: 120, seconds: 10 } as const;
