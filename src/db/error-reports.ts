// The local error collector's SQL (migration 0020).

export interface ErrorReport {
  at: number;
  source: 'browser' | 'worker';
  release: string | null;
  environment: string | null;
  brand: string | null;
  page: string | null;
  type: string | null;
  message: string;
  stack: string | null;
  userAgent: string | null;
  /** The SDK's event id: a report sent twice (a retried envelope) is kept once. */
  eventId: string | null;
}

export interface StoredErrorReport extends ErrorReport {
  id: number;
}

/** Keep reports; one already kept (same event id) is skipped. Answers how many were new. */
export async function insertErrorReports(db: D1Database, reports: readonly ErrorReport[]): Promise<number> {
  if (reports.length === 0) return 0;
  const results = await db.batch(
    reports.map((r) =>
      db
        .prepare(
          `INSERT INTO error_reports (at, source, release, environment, brand, page, type, message, stack, user_agent, event_id)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (event_id) DO NOTHING`,
        )
        .bind(r.at, r.source, r.release, r.environment, r.brand, r.page, r.type, r.message, r.stack, r.userAgent, r.eventId),
    ),
  );
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** The newest reports first. */
export async function listErrorReports(db: D1Database, limit: number): Promise<StoredErrorReport[]> {
  const { results } = await db
    .prepare(
      `SELECT id, at, source, release, environment, brand, page, type, message, stack, user_agent AS userAgent, event_id AS eventId
       FROM error_reports ORDER BY id DESC LIMIT ?`,
    )
    .bind(limit)
    .all<StoredErrorReport>();
  return results;
}
