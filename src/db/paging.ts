// A page of a list and the list's total, from one query: the page and its count read the same FROM and WHERE,
// so the total always counts the rows the pages show.
import type { PageRequest } from '../shared/paging';

export interface ListQuery {
  /** The SELECT list of a row. */
  columns: string;
  /** The tables (what follows FROM), joins included. */
  from: string;
  /** The rows of the list; none: every row of `from`. */
  where?: string;
  orderBy: string;
  /**
   * The statement's parameters, ?1..?n (or anonymous ?) in order; LIMIT and OFFSET are bound after them. The count
   * binds them too, so `from` and `where` must name every one (columns alone may not).
   */
  params?: unknown[];
}

/** One page of rows (`limit` from `offset`, in `orderBy`) and how many rows the whole list has, in one batch. */
export async function pagedList<Row>(db: D1Database, q: ListQuery, page: PageRequest): Promise<{ rows: Row[]; total: number }> {
  const params = q.params ?? [];
  const rowsOf = `FROM ${q.from}${q.where ? ` WHERE ${q.where}` : ''}`;
  const [list, count] = await db.batch<Row | { n: number }>([
    db.prepare(`SELECT ${q.columns} ${rowsOf} ORDER BY ${q.orderBy} LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`).bind(...params, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n ${rowsOf}`).bind(...params),
  ]);
  return { rows: list!.results as Row[], total: (count!.results[0] as { n: number }).n };
}
