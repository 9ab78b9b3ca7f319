// Rankings' numbers (no zod here: the client takes them without the schemas in fan-schemas.ts).

export const RANKING_PERIODS = ['week', 'month', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_SIZE = 10;
/** How old the lists every member sees (top senders, top channels) may be: read once per interval, as SOOP and Twitch lag. */
export const RANKING_LISTS_TTL_MS = 60_000;
