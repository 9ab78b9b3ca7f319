import type { Playback } from '../../../src/shared/streams-api';

// Apart from player-boot.ts, which starts an engine as it loads: the placeholder (in the page's own code) writes
// what to play without loading any of that.

export interface BootData {
  playback: Playback;
  live: boolean;
  autoPlay: boolean;
}

/** The fields that make a playback another one: a player with a different key starts its own. */
export function playbackKey(playback: Playback, live: boolean): string {
  return JSON.stringify([playback.url, playback.playerType, playback.source ?? null, playback.hlsUrl ?? null, playback.whep ?? null, live]);
}
