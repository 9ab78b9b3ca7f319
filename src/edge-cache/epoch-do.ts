import { DurableObject } from 'cloudflare:workers';

/** Bounds on what a caller may ask in one call: scope names are short and a page depends on a few. */
const MAX_SCOPES = 16;
const SCOPE = /^[a-z]+(?::[0-9]{1,16})?$/;

function checked(scopes: string[]): string[] {
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.length > MAX_SCOPES || !scopes.every((s) => typeof s === 'string' && SCOPE.test(s))) {
    throw new Error('bad page cache scopes');
  }
  return scopes;
}

/**
 * The page cache's purge counters (one object, named 'global'): a number per scope ('site', 'lists',
 * 'channel:<id>') that a purge raises. A cached page remembers the numbers it was built under and is
 * served only while they still hold (src/edge-cache/page-cache.ts), so a purge reaches every data
 * centre's cache at once without knowing its keys. Strongly consistent, unlike KV (up to 60 s behind).
 * A new number is at least the current time in ms: were this storage ever lost, no old number comes back.
 */
export class PageEpochs extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS epochs (scope TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID');
  }

  /** The current numbers, in the order asked; 0 for a scope never purged. */
  read(scopes: string[]): number[] {
    const asked = checked(scopes);
    const known = new Map<string, number>();
    const rows = this.ctx.storage.sql.exec<{ scope: string; value: number }>(`SELECT scope, value FROM epochs WHERE scope IN (${asked.map(() => '?').join(', ')})`, ...asked);
    for (const row of rows) known.set(row.scope, row.value);
    return asked.map((scope) => known.get(scope) ?? 0);
  }

  /** Raise each scope's number (a purge); answers the new numbers. */
  bump(scopes: string[]): number[] {
    const asked = checked(scopes);
    const now = Date.now();
    return asked.map(
      (scope) =>
        this.ctx.storage.sql
          .exec<{ value: number }>(
            'INSERT INTO epochs (scope, value) VALUES (?1, ?2) ON CONFLICT (scope) DO UPDATE SET value = MAX(value + 1, ?2) RETURNING value',
            scope,
            now,
          )
          .one().value,
    );
  }
}
