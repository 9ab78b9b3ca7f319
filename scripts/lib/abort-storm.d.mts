// Types for abort-storm.mjs, so the browser tests can fire it.
export function stormPaths(options: { channelId: number; clientDir?: string }): string[];
export function abortStorm(options: {
  port: number;
  host?: string;
  paths: string[];
  streamKey: string;
  chatRoom: number | string;
  gets?: number;
  puts?: number;
  sockets?: number;
  parallel?: number;
}): Promise<{ gets: number; puts: number; sockets: number }>;
export function mediaSequence(origin: string, channelId: number): Promise<number | null>;
