// Clips' numbers (no zod here: the client takes them without the schemas, whose construction costs its main thread).

/** A clip's length in seconds: from a live, the last CLIP_SECONDS.default by default. */
export const CLIP_SECONDS = { min: 5, max: 60, default: 30 } as const;
export const CLIP_TITLE_MAX = 60;
/** Clips a member may make in an hour (of those still there: a deleted clip no longer counts). */
export const CLIPS_PER_HOUR = 10;
/** A clip's id: ten letters and digits (its page is /clip/<id>). */
export const CLIP_ID_PATTERN = /^[A-Za-z0-9]{10}$/;
