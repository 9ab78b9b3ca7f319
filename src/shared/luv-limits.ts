// The numbers of gifting both ends hold, in a module without zod: the client's checks (the gift dialog, the
// studio's presets) import these without the schemas. luv-schemas.ts and shop-schemas.ts re-export them.

/** The most luv one gift may carry. */
export const MAX_GIFT_AMOUNT = 10_000_000;
/** A gift's message, in characters (code units), once cleaned like a chat line. */
export const MAX_GIFT_MESSAGE = 100;

/** A creator's gift presets: 1-6 distinct amounts the gift dialog offers. */
export const MAX_PRESETS = 6;
/** Offered when a creator set none. */
export const DEFAULT_PRESETS = [10, 50, 100, 500, 1000] as const;
