import { CHAT_HISTORY, type MemberRole, type MessageFrame, type Poll } from '../shared/chat-protocol';
import type { PollDraft } from '../shared/chat-polls';

/** A member as the room last saw them (a type, not an interface: SqlStorage rows must be plain records). */
export type SeenMember = {
  memberId: number;
  loginId: string;
  nickname: string;
  role: MemberRole;
};

export type SanctionKind = 'mute' | 'ban';

const key = (loginId: string) => loginId.toLowerCase();

/** Polls kept per room (with their votes); older ones are dropped when a new one starts. */
const POLLS_KEPT = 20;

type PollRow = { id: number; question: string; options: string; byLogin: string; byNick: string; seconds: number; startedAt: number; endsAt: number; endedAt: number | null };
const POLL_COLUMNS = 'id, question, options, by_login AS byLogin, by_nick AS byNick, seconds, started_at AS startedAt, ends_at AS endsAt, ended_at AS endedAt';

/** A replay line not of a member banned from the room for good (a lifted ban brings their lines back). */
const NOT_BANNED = "AND (author_key IS NULL OR author_key NOT IN (SELECT login_key FROM sanctions WHERE kind = 'ban' AND until IS NULL))";

/**
 * A chat room's own SQLite storage (src/chat/room-do.ts). Shard 0 (the hub) keeps everything the room
 * decides on: who has been seen, managers, mutes and bans, history, the rate-limit window, shard counts.
 * Every shard keeps its own identity and frame-drop counters. All queries are synchronous (SQLite in the
 * object) and bounded.
 */
export class RoomStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS seen (login_key TEXT PRIMARY KEY, member_id INTEGER NOT NULL, login_id TEXT NOT NULL, nickname TEXT NOT NULL, role TEXT NOT NULL, last_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS managers (login_key TEXT PRIMARY KEY, assigned_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS sanctions (login_key TEXT NOT NULL, kind TEXT NOT NULL, until INTEGER, PRIMARY KEY (login_key, kind));
      CREATE TABLE IF NOT EXISTS history (id INTEGER PRIMARY KEY AUTOINCREMENT, frame TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS sends (login_key TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS sends_by_member ON sends (login_key, at);
      CREATE TABLE IF NOT EXISTS last_text (login_key TEXT PRIMARY KEY, text TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS shards (idx INTEGER PRIMARY KEY, sockets INTEGER NOT NULL, joined INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS drops (reason TEXT PRIMARY KEY, n INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS replay (id INTEGER PRIMARY KEY AUTOINCREMENT, stream_id INTEGER NOT NULL, at INTEGER NOT NULL, author_key TEXT, message_id INTEGER, frame TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS replay_by_time ON replay (stream_id, at, id);
      CREATE TABLE IF NOT EXISTS polls (id INTEGER PRIMARY KEY AUTOINCREMENT, question TEXT NOT NULL, options TEXT NOT NULL, by_login TEXT NOT NULL, by_nick TEXT NOT NULL, seconds INTEGER NOT NULL, started_at INTEGER NOT NULL, ends_at INTEGER NOT NULL, ended_at INTEGER);
      CREATE TABLE IF NOT EXISTS poll_counts (poll_id INTEGER NOT NULL, idx INTEGER NOT NULL, votes INTEGER NOT NULL, PRIMARY KEY (poll_id, idx));
      CREATE TABLE IF NOT EXISTS poll_votes (poll_id INTEGER NOT NULL, member_id INTEGER NOT NULL, idx INTEGER NOT NULL, PRIMARY KEY (poll_id, member_id));`);
  }

  getMeta(k: string): string | null {
    const row = this.sql.exec<{ v: string }>('SELECT v FROM meta WHERE k = ?', k).toArray()[0];
    return row ? row.v : null;
  }

  setMeta(k: string, v: string | null): void {
    if (v === null) this.sql.exec('DELETE FROM meta WHERE k = ?', k);
    else this.sql.exec('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', k, v);
  }

  // ---- members, managers, sanctions --------------------------------------------------------------

  remember(m: SeenMember, now: number): void {
    this.sql.exec(
      `INSERT INTO seen (login_key, member_id, login_id, nickname, role, last_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (login_key) DO UPDATE SET member_id = excluded.member_id, login_id = excluded.login_id, nickname = excluded.nickname, role = excluded.role, last_at = excluded.last_at`,
      key(m.loginId),
      m.memberId,
      m.loginId,
      m.nickname,
      m.role,
      now,
    );
  }

  seen(loginId: string): SeenMember | null {
    return this.sql.exec<SeenMember>('SELECT member_id AS memberId, login_id AS loginId, nickname, role FROM seen WHERE login_key = ?', key(loginId)).toArray()[0] ?? null;
  }

  isManager(loginId: string): boolean {
    return this.sql.exec('SELECT 1 FROM managers WHERE login_key = ?', key(loginId)).toArray().length > 0;
  }

  setManager(loginId: string, on: boolean, now: number): void {
    if (on) this.sql.exec('INSERT OR IGNORE INTO managers (login_key, assigned_at) VALUES (?, ?)', key(loginId), now);
    else this.sql.exec('DELETE FROM managers WHERE login_key = ?', key(loginId));
  }

  /** The end of an active sanction (null = without end), or undefined when none is in force. */
  sanction(loginId: string, kind: SanctionKind, now: number): number | null | undefined {
    const row = this.sql.exec<{ until: number | null }>('SELECT until FROM sanctions WHERE login_key = ? AND kind = ?', key(loginId), kind).toArray()[0];
    if (!row) return undefined;
    if (row.until !== null && row.until <= now) {
      this.sql.exec('DELETE FROM sanctions WHERE login_key = ? AND kind = ?', key(loginId), kind);
      return undefined;
    }
    return row.until;
  }

  setSanction(loginId: string, kind: SanctionKind, until: number | null): void {
    this.sql.exec('INSERT INTO sanctions (login_key, kind, until) VALUES (?, ?, ?) ON CONFLICT (login_key, kind) DO UPDATE SET until = excluded.until', key(loginId), kind, until);
  }

  clearSanction(loginId: string, kind: SanctionKind): boolean {
    return this.sql.exec('DELETE FROM sanctions WHERE login_key = ? AND kind = ?', key(loginId), kind).rowsWritten > 0;
  }

  // ---- writing rules -----------------------------------------------------------------------------

  /** Sends of this member inside the window (older rows go first, so the table stays small). */
  recentSends(loginId: string, since: number): { count: number; oldest: number | null } {
    this.sql.exec('DELETE FROM sends WHERE login_key = ? AND at <= ?', key(loginId), since);
    const row = this.sql.exec<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sends WHERE login_key = ?', key(loginId)).one();
    return { count: row.n, oldest: row.oldest };
  }

  noteSend(loginId: string, text: string, now: number): void {
    this.sql.exec('INSERT INTO sends (login_key, at) VALUES (?, ?)', key(loginId), now);
    this.sql.exec('INSERT INTO last_text (login_key, text, at) VALUES (?, ?, ?) ON CONFLICT (login_key) DO UPDATE SET text = excluded.text, at = excluded.at', key(loginId), text, now);
  }

  lastText(loginId: string): { text: string; at: number } | null {
    return this.sql.exec<{ text: string; at: number }>('SELECT text, at FROM last_text WHERE login_key = ?', key(loginId)).toArray()[0] ?? null;
  }

  /** Rows of members quiet for longer than `before`: keeps the rate tables from growing with every visitor. */
  pruneWriters(before: number): void {
    this.sql.exec('DELETE FROM sends WHERE at <= ?', before);
    this.sql.exec('DELETE FROM last_text WHERE at <= ?', before);
  }

  // ---- history -----------------------------------------------------------------------------------

  /** Store a message (its id comes from the row) and keep only the newest CHAT_HISTORY. */
  appendMessage(build: (id: number) => MessageFrame): MessageFrame {
    const id = this.sql.exec<{ id: number }>("INSERT INTO history (frame) VALUES ('') RETURNING id").one().id;
    const frame = build(id);
    this.sql.exec('UPDATE history SET frame = ? WHERE id = ?', JSON.stringify(frame), id);
    this.sql.exec('DELETE FROM history WHERE id <= ?', id - CHAT_HISTORY);
    return frame;
  }

  /** One page of history, oldest first: the `limit` messages before `beforeId` (or the newest). */
  historyPage(limit: number, beforeId: number | null = null): MessageFrame[] {
    const n = Math.max(0, Math.min(limit, CHAT_HISTORY));
    const rows = this.sql.exec<{ frame: string }>('SELECT frame FROM history WHERE id < ? ORDER BY id DESC LIMIT ?', beforeId ?? Number.MAX_SAFE_INTEGER, n).toArray();
    return rows.reverse().map((r) => JSON.parse(r.frame) as MessageFrame);
  }

  // ---- replay: every line of a live, by time, for its recording ----------------------------------

  /** Keep lines of the live `streamId` (their authors by login ID, for moderation at replay time). */
  keepForReplay(streamId: number, lines: { at: number; author: string | null; messageId: number | null; frame: string }[]): void {
    for (const line of lines) {
      this.sql.exec(
        'INSERT INTO replay (stream_id, at, author_key, message_id, frame) VALUES (?, ?, ?, ?, ?)',
        streamId,
        line.at,
        line.author === null ? null : key(line.author),
        line.messageId,
        line.frame,
      );
    }
  }

  /** Take message `id` of `loginId` out of the room's history and any replay; whether it was theirs and there. */
  deleteMessage(id: number, loginId: string): boolean {
    const row = this.sql.exec<{ frame: string }>('SELECT frame FROM history WHERE id = ?', id).toArray()[0];
    const author = row ? (JSON.parse(row.frame) as MessageFrame).from.loginId : null;
    if (author === null || key(author) !== key(loginId)) return false;
    this.sql.exec('DELETE FROM history WHERE id = ?', id);
    this.sql.exec('DELETE FROM replay WHERE message_id = ?', id);
    return true;
  }

  /**
   * Up to `limit` lines of the live `streamId` from `from` (inclusive) to `until` (exclusive), in the order they were
   * said, without those of members banned from the room for good; and whether more lines follow in the range.
   */
  replayPage(streamId: number, from: number, until: number, limit: number): { frames: string[]; more: boolean } {
    const rows = this.sql
      .exec<{ frame: string }>(
        `SELECT frame FROM replay WHERE stream_id = ? AND at >= ? AND at < ?
           ${NOT_BANNED}
         ORDER BY at, id LIMIT ?`,
        streamId,
        from,
        until,
        limit + 1,
      )
      .toArray();
    return { frames: rows.slice(0, limit).map((r) => r.frame), more: rows.length > limit };
  }

  /** The last `limit` lines of the live `streamId` said before `until` (what a replay shows at that moment), oldest first. */
  replayBefore(streamId: number, until: number, limit: number): string[] {
    const rows = this.sql
      .exec<{ frame: string }>(
        `SELECT frame FROM replay WHERE stream_id = ? AND at < ?
           ${NOT_BANNED}
         ORDER BY at DESC, id DESC LIMIT ?`,
        streamId,
        until,
        limit,
      )
      .toArray();
    return rows.reverse().map((r) => r.frame);
  }

  /** Keep the lines of the newest `keep` lives only (their recordings are kept as many: src/live/channel-do.ts). */
  pruneReplay(keep: number): void {
    this.sql.exec('DELETE FROM replay WHERE stream_id NOT IN (SELECT DISTINCT stream_id FROM replay ORDER BY stream_id DESC LIMIT ?)', keep);
  }

  // ---- polls: one open at a time; a member's vote is a row keyed by their member ID ----------------

  /** The poll still open (ended_at unset), whether or not its time is up yet. */
  openPoll(): { id: number; endsAt: number } | null {
    return this.sql.exec<{ id: number; endsAt: number }>('SELECT id, ends_at AS endsAt FROM polls WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1').toArray()[0] ?? null;
  }

  startPoll(draft: PollDraft, by: { loginId: string; nickname: string }, now: number): number {
    const id = this.sql
      .exec<{ id: number }>(
        'INSERT INTO polls (question, options, by_login, by_nick, seconds, started_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
        draft.question,
        JSON.stringify(draft.options),
        by.loginId,
        by.nickname,
        draft.seconds,
        now,
        now + draft.seconds * 1000,
      )
      .one().id;
    for (let idx = 0; idx < draft.options.length; idx++) this.sql.exec('INSERT INTO poll_counts (poll_id, idx, votes) VALUES (?, ?, 0)', id, idx);
    this.sql.exec('DELETE FROM poll_counts WHERE poll_id <= ?', id - POLLS_KEPT);
    this.sql.exec('DELETE FROM poll_votes WHERE poll_id <= ?', id - POLLS_KEPT);
    this.sql.exec('DELETE FROM polls WHERE id <= ?', id - POLLS_KEPT);
    return id;
  }

  /** Count a member's vote once: the option they chose before when they already voted (nothing changes then). */
  vote(pollId: number, memberId: number, idx: number): { counted: true } | { counted: false; option: number } {
    const written = this.sql.exec('INSERT OR IGNORE INTO poll_votes (poll_id, member_id, idx) VALUES (?, ?, ?)', pollId, memberId, idx).rowsWritten;
    if (written === 0) return { counted: false, option: this.myVote(pollId, memberId)! };
    this.sql.exec('UPDATE poll_counts SET votes = votes + 1 WHERE poll_id = ? AND idx = ?', pollId, idx);
    return { counted: true };
  }

  myVote(pollId: number, memberId: number): number | null {
    return this.sql.exec<{ idx: number }>('SELECT idx FROM poll_votes WHERE poll_id = ? AND member_id = ?', pollId, memberId).toArray()[0]?.idx ?? null;
  }

  /** Close poll `id`; false when it was not open. */
  endPoll(id: number, now: number): boolean {
    return this.sql.exec('UPDATE polls SET ended_at = ? WHERE id = ? AND ended_at IS NULL', now, id).rowsWritten > 0;
  }

  /** One poll with its counts as they are now. */
  poll(id: number, now: number): Poll | null {
    const row = this.sql.exec<PollRow>(`SELECT ${POLL_COLUMNS} FROM polls WHERE id = ?`, id).toArray()[0];
    return row ? this.pollView(row, now) : null;
  }

  /** The `n` latest ended polls, oldest first. */
  endedPolls(n: number, now: number): Poll[] {
    const rows = this.sql.exec<PollRow>(`SELECT ${POLL_COLUMNS} FROM polls WHERE ended_at IS NOT NULL ORDER BY id DESC LIMIT ?`, n).toArray();
    return rows.reverse().map((row) => this.pollView(row, now));
  }

  /** Counts of poll `id`, by option. */
  pollVotes(id: number): number[] {
    return this.sql
      .exec<{ votes: number }>('SELECT votes FROM poll_counts WHERE poll_id = ? ORDER BY idx', id)
      .toArray()
      .map((r) => r.votes);
  }

  private pollView(row: PollRow, now: number): Poll {
    const votes = this.pollVotes(row.id);
    return {
      id: row.id,
      question: row.question,
      options: JSON.parse(row.options) as string[],
      votes,
      total: votes.reduce((a, b) => a + b, 0),
      by: { loginId: row.byLogin, nickname: row.byNick },
      seconds: row.seconds,
      startedAt: row.startedAt,
      left: row.endedAt === null ? Math.max(0, row.endsAt - now) : 0,
      endedAt: row.endedAt,
    };
  }

  // ---- shards and counters -----------------------------------------------------------------------

  setShardCount(idx: number, sockets: number, joined: number): void {
    if (sockets <= 0) this.sql.exec('DELETE FROM shards WHERE idx = ?', idx);
    else this.sql.exec('INSERT INTO shards (idx, sockets, joined) VALUES (?, ?, ?) ON CONFLICT (idx) DO UPDATE SET sockets = excluded.sockets, joined = excluded.joined', idx, sockets, joined);
  }

  shardCounts(): Map<number, { sockets: number; joined: number }> {
    const out = new Map<number, { sockets: number; joined: number }>();
    for (const r of this.sql.exec<{ idx: number; sockets: number; joined: number }>('SELECT idx, sockets, joined FROM shards')) out.set(r.idx, { sockets: r.sockets, joined: r.joined });
    return out;
  }

  countDrop(reason: string): void {
    this.sql.exec('INSERT INTO drops (reason, n) VALUES (?, 1) ON CONFLICT (reason) DO UPDATE SET n = n + 1', reason);
  }

  drops(): Record<string, number> {
    return Object.fromEntries(
      this.sql
        .exec<{ reason: string; n: number }>('SELECT reason, n FROM drops')
        .toArray()
        .map((r) => [r.reason, r.n]),
    );
  }
}
