// The staff audit log's SQL: rows are only ever added (triggers refuse updates and deletes).

export interface StaffAction {
  actorId: number;
  /** What was done, as `area.verb`: `member.suspend`, `report.close`, `banner.update`, `channeling.update`. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The state before and after, as plain values (stored as JSON); null where there was none (a create, a delete). */
  before?: unknown;
  after?: unknown;
}

export interface StaffAuditRow {
  id: number;
  at: number;
  actorId: number;
  actorLoginId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/**
 * The statement that records one action. It is a statement, not a call, so a service adds it to the same `batch()`
 * as the change it describes: the change and its record commit together or not at all.
 */
export function auditStatement(db: D1Database, entry: StaffAction, at = Date.now()): D1PreparedStatement {
  return db
    .prepare('INSERT INTO staff_audit (at, actor_id, action, target_type, target_id, before_json, after_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)')
    .bind(at, entry.actorId, entry.action, entry.targetType, String(entry.targetId), jsonOrNull(entry.before), jsonOrNull(entry.after));
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

interface AuditFilter {
  limit: number;
  /** Rows older than this id (the next page). */
  beforeId?: number;
  targetType?: string;
  targetId?: string;
}

/** The newest actions first, with the actor's login ID. */
export async function listStaffAudit(db: D1Database, filter: AuditFilter): Promise<StaffAuditRow[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.at, a.actor_id AS actorId, m.login_id AS actorLoginId, a.action, a.target_type AS targetType, a.target_id AS targetId,
              a.before_json AS beforeJson, a.after_json AS afterJson
       FROM staff_audit a LEFT JOIN members m ON m.id = a.actor_id
       WHERE (?1 IS NULL OR a.id < ?1) AND (?2 IS NULL OR a.target_type = ?2) AND (?3 IS NULL OR a.target_id = ?3)
       ORDER BY a.id DESC LIMIT ?4`,
    )
    .bind(filter.beforeId ?? null, filter.targetType ?? null, filter.targetId ?? null, filter.limit)
    .all<Omit<StaffAuditRow, 'before' | 'after'> & { beforeJson: string | null; afterJson: string | null }>();
  return results.map(({ beforeJson, afterJson, ...row }) => ({ ...row, before: parse(beforeJson), after: parse(afterJson) }));
}

function parse(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}
