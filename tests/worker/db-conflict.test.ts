// src/db/conflict.ts against the errors D1 really throws: each kind of broken constraint, a trigger's RAISE,
// in a single statement and in a batch, and errors that are no conflict at all.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DbConflict, dbConflict, isConflict } from '../../src/db/conflict';

const db = () => env.DB;

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

beforeAll(async () => {
  await db().batch([
    db().prepare(
      'CREATE TABLE IF NOT EXISTS conflict_probe (id INTEGER PRIMARY KEY, a TEXT UNIQUE, b INTEGER NOT NULL, owner INTEGER REFERENCES members(id), CONSTRAINT b_positive CHECK (b > 0), CHECK (b < 1000))',
    ),
    db().prepare('CREATE TABLE IF NOT EXISTS conflict_probe_pair (k TEXT, j TEXT, PRIMARY KEY (k, j)) WITHOUT ROWID'),
    db().prepare("CREATE TRIGGER IF NOT EXISTS conflict_probe_kept BEFORE DELETE ON conflict_probe BEGIN SELECT RAISE(ABORT, 'conflict probe: rows stay, always'); END"),
    db().prepare("INSERT OR IGNORE INTO conflict_probe (id, a, b) VALUES (1, 'taken', 1)"),
    db().prepare("INSERT OR IGNORE INTO conflict_probe_pair VALUES ('k', 'j')"),
  ]);
});

describe('dbConflict', () => {
  it('reads a UNIQUE column, a primary key and a UNIQUE over two columns as unique, with the columns', async () => {
    const unique = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (a, b) VALUES ('taken', 1)").run()));
    expect(unique).toBeInstanceOf(DbConflict);
    expect([unique?.kind, unique?.names]).toEqual(['unique', ['conflict_probe.a']]);
    const primary = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (id, a, b) VALUES (1, 'free', 1)").run()));
    expect([primary?.kind, primary?.names]).toEqual(['unique', ['conflict_probe.id']]);
    const pair = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe_pair VALUES ('k', 'j')").run()));
    expect([pair?.kind, pair?.names]).toEqual(['unique', ['conflict_probe_pair.k', 'conflict_probe_pair.j']]);
    expect(pair?.is('unique', 'conflict_probe_pair.j')).toBe(true);
    expect(pair?.is('unique', 'conflict_probe_pair')).toBe(false);
  });

  it('reads a named CHECK by its name, an unnamed one by its expression, NOT NULL and FOREIGN KEY', async () => {
    const named = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (a, b) VALUES ('n1', 0)").run()));
    expect([named?.kind, named?.names]).toEqual(['check', ['b_positive']]);
    const unnamed = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (a, b) VALUES ('n2', 5000)").run()));
    expect([unnamed?.kind, unnamed?.names]).toEqual(['check', ['b < 1000']]);
    const notNull = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (a) VALUES ('n3')").run()));
    expect([notNull?.kind, notNull?.names]).toEqual(['notNull', ['conflict_probe.b']]);
    const foreign = dbConflict(await failure(() => db().prepare("INSERT INTO conflict_probe (a, b, owner) VALUES ('n4', 1, -1)").run()));
    expect(foreign?.kind).toBe('foreignKey');
  });

  it("reads a trigger's RAISE(ABORT) by its whole text, colons and commas included, in a batch too", async () => {
    const raised = await failure(() => db().batch([db().prepare('SELECT 1'), db().prepare('DELETE FROM conflict_probe')]));
    const conflict = dbConflict(raised);
    expect([conflict?.kind, conflict?.names]).toEqual(['trigger', ['conflict probe: rows stay, always']]);
    expect(conflict?.cause).toBe(raised);
    expect(isConflict(raised, 'trigger', 'conflict probe: rows stay, always')).toBe(true);
    expect(isConflict(raised, 'trigger', 'conflict probe')).toBe(false);
    expect(isConflict(raised, 'unique')).toBe(false);
  });

  it('is null for any other error: a missing table, a plain Error, not an error at all', async () => {
    expect(dbConflict(await failure(() => db().prepare('SELECT * FROM conflict_probe_missing').run()))).toBeNull();
    expect(dbConflict(new Error('UNIQUE is a word'))).toBeNull();
    expect(dbConflict('UNIQUE constraint failed: x.y')).toBeNull();
    expect(isConflict(undefined, 'unique')).toBe(false);
  });
});
