/**
 * Which streams play only with a signed playback token (src/lib/playback-token.ts): adult-only (adult
 * plus included) or password-protected. The one rule for both sides: the API signs playback for exactly
 * these, and /live refuses them without a token.
 */
export function needsPlaybackToken(stream: { adult: number; adultPlus: number; hasPassword: number }): boolean {
  return stream.adult === 1 || stream.adultPlus === 1 || stream.hasPassword === 1;
}
