// Types for broadcaster.mjs, so TypeScript tests (tests/e2e) can start the demo encoder.
import type { ChildProcess, StdioOptions } from 'node:child_process';

export const ffmpegPath: string;

export interface BroadcastOptions {
  /** The site origin, e.g. http://127.0.0.1:8799 (ingest is <origin>/live/ingest/<streamKey>/). */
  origin: string;
  streamKey: string;
  /** A video file to loop instead of the test pattern. */
  file?: string;
  /** Stop after this many seconds (the stream then ends after the ingest's silence). */
  durationSeconds?: number;
  /** Also PUT a thumbnail every 5 s (default true). */
  thumbnails?: boolean;
  width?: number;
  height?: number;
  fps?: number;
  /** 'cmaf' (default: fMP4 segments and an init segment) or 'mpegts'. */
  container?: 'cmaf' | 'mpegts';
  /** Several renditions (largest first) and a master playlist, instead of one of width x height. */
  ladder?: Rendition[] | null;
  stdio?: StdioOptions;
}

export interface Rendition {
  /** Its folder at the ingest and in viewers' URLs. */
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

export const DEMO_LADDER: Rendition[];

export function startBroadcast(options: BroadcastOptions): ChildProcess;
