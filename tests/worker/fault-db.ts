// A D1Database that can break one statement of one batch: the harness of the fault-injection tests
// (tests/worker/ledger-faults.test.ts). Pass `faulty.db` where a money function takes its database, arm a
// statement index, and the next target batch (by default: the one writing a ledger movement) runs with
// that statement replaced by one that fails when executed. Everything else passes through untouched.
//
// Reuse: a payment's or a coupon's batch is covered by passing its function the same wrapped db; give
// `isTarget` another test when the batch to break writes no ledger movement.

/** A statement that SQLite accepts at prepare time and that fails when it runs: the function does not exist. */
export const FAILING_SQL = 'SELECT fault_injected_no_such_function()';

const writesMovement = (sqls: readonly string[]) => sqls.some((sql) => /^\s*INSERT INTO ledger_movements\b/i.test(sql));

export interface FaultyDb {
  /** The wrapped database, to pass to the code under test. */
  readonly db: D1Database;
  /** Break statement `index` of the next target batch (once), or stop breaking anything (null). */
  arm(index: number | null): void;
  /** The SQL of the last target batch that ran (broken or not), in order; null before any. */
  readonly lastTargetBatch: readonly string[] | null;
  /** How many target batches were broken so far: a test checks its fault really happened. */
  readonly fired: number;
}

export function faultyDb(real: D1Database, isTarget: (sqls: readonly string[]) => boolean = writesMovement): FaultyDb {
  // D1 statements do not tell their SQL: remember it for each statement prepared (and bound) through us.
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const remember = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    sqlOf.set(statement, sql);
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => remember(bind(...values), sql);
    return statement;
  };
  let armed: number | null = null;
  let lastTargetBatch: string[] | null = null;
  let fired = 0;

  const batch = async <T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
    const sqls = statements.map((s) => sqlOf.get(s) ?? '');
    if (!isTarget(sqls)) return real.batch<T>(statements);
    lastTargetBatch = sqls;
    if (armed === null) return real.batch<T>(statements);
    const index = armed;
    armed = null;
    if (index >= statements.length) throw new Error(`fault index ${index} is past the batch's ${statements.length} statements`);
    fired += 1;
    return real.batch<T>(statements.map((s, i) => (i === index ? real.prepare(FAILING_SQL) : s)));
  };

  const db = new Proxy(real, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => remember(target.prepare(sql), sql);
      if (prop === 'batch') return batch;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

  return {
    db,
    arm(index) {
      armed = index;
    },
    get lastTargetBatch() {
      return lastTargetBatch;
    },
    get fired() {
      return fired;
    },
  };
}

/** Every row of each table, in id order: two dumps are equal only if nothing was written in between. */
export async function dumpTables(db: D1Database, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const results = await db.batch(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY rowid`)));
  return Object.fromEntries(tables.map((t, i) => [t, results[i]!.results]));
}
