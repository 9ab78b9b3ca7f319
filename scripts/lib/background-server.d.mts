// Types for background-server.mjs, so TypeScript tests (tests/e2e) can start a bench's background server.

export interface BackgroundServerOptions {
  port: number;
  /** Its state folder (emptied, migrated and seeded first). */
  state: string;
  /** Also the demo members, channels and lives (default true). */
  demo?: boolean;
  /** Start a test-pattern broadcast with this channel's stream key (default none). */
  streamKey?: string | null;
}

export interface BackgroundServer {
  /** The child's pid, which is also its process group's id (it leads a session of its own). */
  pid: number;
  /** What it lowered: its nice value, and whether its session's autogroup took the same (false: no autogroups). */
  priority: { nice: number; autogroup: boolean };
  /** Ends the encoder and the server, then anything left in the process group. */
  stop(): Promise<void>;
}

export function startBackgroundServer(options: BackgroundServerOptions): Promise<BackgroundServer>;
