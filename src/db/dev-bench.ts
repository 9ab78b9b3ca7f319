// Development only: the bare D1 write `npm run bench:ledger` sets beside a gift (scripts/bench-ledger.mjs).
// The table is the bench's own: it creates `bench_counter` in its state folder before the run, so no
// migration (and no deployed database) ever has it.

/** One single-statement increment of the bench's counter; false when there is no counter (table or row). */
export async function incrementBenchCounter(db: D1Database): Promise<boolean> {
  try {
    const result = await db.prepare('UPDATE bench_counter SET n = n + 1 WHERE id = 1').run();
    return result.meta.changes === 1;
  } catch (error) {
    if (error instanceof Error && error.message.includes('no such table')) return false;
    throw error;
  }
}
