import type { Rendition } from './live';

/**
 * A LiveChannel object's own SQLite storage (src/live/channel-do.ts): which channel it serves and which
 * stream is open and which ended stream may still be continued (`state`), which viewers have already counted as a view of that stream (`seen`), and the
 * renditions the encoder last announced (`master`).
 * D1 stays the source of truth for streams; this only lets the object pick up again after eviction.
 */
export class LiveChannelStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS state (k TEXT PRIMARY KEY, v INTEGER)');
    sql.exec('CREATE TABLE IF NOT EXISTS seen (stream_id INTEGER NOT NULL, viewer TEXT NOT NULL, PRIMARY KEY (stream_id, viewer)) WITHOUT ROWID');
    sql.exec('CREATE TABLE IF NOT EXISTS master (id INTEGER PRIMARY KEY CHECK (id = 1), renditions TEXT NOT NULL)');
  }

  /** The renditions of the encoder's last master playlist, kept until its stream ends (null: none sent). */
  master(): Rendition[] | null {
    const row = this.sql.exec<{ renditions: string }>('SELECT renditions FROM master WHERE id = 1').toArray()[0];
    return row ? (JSON.parse(row.renditions) as Rendition[]) : null;
  }

  rememberMaster(renditions: Rendition[] | null): void {
    if (renditions === null) this.sql.exec('DELETE FROM master');
    else this.sql.exec('INSERT INTO master (id, renditions) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET renditions = excluded.renditions', JSON.stringify(renditions));
  }

  /**
   * The remembered channel and open stream (null: none), and what the encoder's current run in that stream adds to
   * its media sequence numbers (null: not fixed yet).
   */
  state(): { channelId: number | null; streamId: number | null; seqBase: number | null; resumable: { streamId: number; until: number } | null } {
    const rows = new Map(
      this.sql
        .exec<{ k: string; v: number | null }>('SELECT k, v FROM state')
        .toArray()
        .map((r) => [r.k, r.v]),
    );
    const resumable = rows.get('resumable') ?? null;
    const until = rows.get('resumableUntil') ?? null;
    return {
      channelId: rows.get('channel') ?? null,
      streamId: rows.get('stream') ?? null,
      seqBase: rows.get('seqBase') ?? null,
      resumable: resumable !== null && until !== null ? { streamId: resumable, until } : null,
    };
  }

  /** The stream the silence ended, which a new start before `until` continues (null: none). */
  rememberResumable(resumable: { streamId: number; until: number } | null): void {
    this.remember('resumable', resumable?.streamId ?? null);
    this.remember('resumableUntil', resumable?.until ?? null);
  }

  remember(k: 'channel' | 'stream' | 'seqBase' | 'resumable' | 'resumableUntil', v: number | null): void {
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
