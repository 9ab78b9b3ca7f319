/**
 * A LiveChannel object's own SQLite storage (src/live/channel-do.ts): which channel it serves and which
 * stream is open (`state`), and which viewers have already counted as a view of that stream (`seen`).
 * D1 stays the source of truth for streams; this only lets the object pick up again after eviction.
 */
export class LiveChannelStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS state (k TEXT PRIMARY KEY, v INTEGER)');
    sql.exec('CREATE TABLE IF NOT EXISTS seen (stream_id INTEGER NOT NULL, viewer TEXT NOT NULL, PRIMARY KEY (stream_id, viewer)) WITHOUT ROWID');
  }

  /** The remembered channel and open stream (null: none). */
  state(): { channelId: number | null; streamId: number | null } {
    const rows = new Map(
      this.sql
        .exec<{ k: string; v: number | null }>('SELECT k, v FROM state')
        .toArray()
        .map((r) => [r.k, r.v]),
    );
    return { channelId: rows.get('channel') ?? null, streamId: rows.get('stream') ?? null };
  }

  remember(k: 'channel' | 'stream', v: number | null): void {
    this.sql.exec('INSERT INTO state (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', k, v);
  }

  /** True the first time this viewer is seen on the stream: one view each. */
  markSeen(streamId: number, viewer: string): boolean {
    return this.sql.exec('INSERT OR IGNORE INTO seen (stream_id, viewer) VALUES (?, ?)', streamId, viewer).rowsWritten > 0;
  }

  forgetSeen(streamId: number): void {
    this.sql.exec('DELETE FROM seen WHERE stream_id = ?', streamId);
  }
}
