/**
 * Which streams play only with a signed playback token (src/lib/playback-token.ts): adult-only (adult
 * plus included), password-protected, or a live with a limited number of seats (the token is the seat).
 * The one rule for both sides: the API signs playback for exactly these, and /live refuses them without a token.
 */
export function needsPlaybackToken(stream: { adult: number; adultPlus: number; hasPassword: number; maxViewers?: number | null; endedAt?: number | null }): boolean {
  return stream.adult === 1 || stream.adultPlus === 1 || stream.hasPassword === 1 || hasSeats(stream);
}

/** A live (not a recording) whose channel limits how many watch at once. */
export function hasSeats(stream: { maxViewers?: number | null; endedAt?: number | null }): boolean {
  return typeof stream.maxViewers === 'number' && stream.endedAt === null;
}
