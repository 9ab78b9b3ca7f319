// What a D1 write refused by the schema says, read once here: callers ask `isConflict(error, kind, name)`
// instead of searching error messages. D1 reports a broken constraint as
//   D1_ERROR: UNIQUE constraint failed: payments.payment_key: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)
//   D1_ERROR: CHECK constraint failed: balance_non_negative: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_CHECK)
// and a trigger's RAISE(ABORT, 'payout status out of order') as its text in place of the constraint's.
// A primary key is reported as UNIQUE, so it is a 'unique' conflict too.

export type ConflictKind = 'unique' | 'check' | 'notNull' | 'foreignKey' | 'trigger';

const KINDS: Record<string, ConflictKind> = {
  UNIQUE: 'unique',
  'PRIMARY KEY': 'unique',
  CHECK: 'check',
  'NOT NULL': 'notNull',
  'FOREIGN KEY': 'foreignKey',
};

/** A write the schema refused. `names`: the columns of a UNIQUE or NOT NULL ('table.column'), a CHECK's constraint name, a trigger's RAISE text. */
export class DbConflict extends Error {
  constructor(
    readonly kind: ConflictKind,
    readonly names: readonly string[],
    options: { cause: unknown },
  ) {
    super(`${kind} conflict: ${names.join(', ')}`, options);
    this.name = 'DbConflict';
  }

  /** Whether this is a conflict of `kind`, naming `name` among its names when one is given. */
  is(kind: ConflictKind, name?: string): boolean {
    return this.kind === kind && (name === undefined || this.names.includes(name));
  }
}

const CONSTRAINT = /^(UNIQUE|PRIMARY KEY|CHECK|NOT NULL|FOREIGN KEY) constraint failed(?:: (.*))?$/;

/** The conflict a D1 error reports (the error itself when it is one already), or null for any other error. */
export function dbConflict(error: unknown): DbConflict | null {
  if (error instanceof DbConflict) return error;
  if (!(error instanceof Error)) return null;
  const marked = /^(?:D1_ERROR: )?(.*?): SQLITE_CONSTRAINT(?: \(extended: SQLITE_CONSTRAINT_\w+\))?$/s.exec(error.message);
  const text = marked ? marked[1]! : error.message.replace(/^D1_ERROR: /, '');
  const constraint = CONSTRAINT.exec(text);
  if (constraint) {
    const kind = KINDS[constraint[1]!]!;
    const named = constraint[2] ?? '';
    // A UNIQUE over several columns names them all; a CHECK without a name is told by its expression, commas and all.
    return new DbConflict(kind, named === '' ? [] : kind === 'unique' ? named.split(', ') : [named], { cause: error });
  }
  // Any other text is a trigger's only when D1 marked it as a constraint failure.
  return marked ? new DbConflict('trigger', [text], { cause: error }) : null;
}

/** Whether `error` is a D1 conflict of `kind` (naming `name`, when given: a column 'table.column', a CHECK's name, a trigger's text). */
export function isConflict(error: unknown, kind: ConflictKind, name?: string): boolean {
  return dbConflict(error)?.is(kind, name) ?? false;
}
