/**
 * The PageEpochs object's own SQLite storage (src/edge-cache/epoch-do.ts): one number per page-cache
 * scope, raised by each purge. A new number is at least the current time in ms, so were this storage
 * ever lost, no old number comes back.
 */
export class PageEpochsStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS epochs (scope TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID');
  }

  /** The current numbers, in the order asked; 0 for a scope never purged. */
  read(scopes: string[]): number[] {
    const known = new Map<string, number>();
    const rows = this.sql.exec<{ scope: string; value: number }>(`SELECT scope, value FROM epochs WHERE scope IN (${scopes.map(() => '?').join(', ')})`, ...scopes);
    for (const row of rows) known.set(row.scope, row.value);
    return scopes.map((scope) => known.get(scope) ?? 0);
  }

  /** Raise one scope's number to at least `now`; answers the new number. */
  bump(scope: string, now: number): number {
    return this.sql.exec<{ value: number }>('INSERT INTO epochs (scope, value) VALUES (?1, ?2) ON CONFLICT (scope) DO UPDATE SET value = MAX(value + 1, ?2) RETURNING value', scope, now).one().value;
  }
}
