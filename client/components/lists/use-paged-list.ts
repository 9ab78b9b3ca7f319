import { useEffect, useState } from 'react';
import type { ApiResult } from '../../data/api';
import { appendPage } from '../wallet/payment-logic';
import { useFailureNotice } from '../../data/use-mutation';

export interface PagedList<T> {
  /** The rows shown; null while the first page is on its way. */
  items: T[] | null;
  setItems: (update: (items: T[] | null) => T[] | null) => void;
  total: number;
  /** The list changed here (a row deleted): its total with it. */
  setTotal: (update: (total: number) => number) => void;
  busy: boolean;
  /** The first page could not be loaded (a later page's failure is an alert, the rows stay). */
  failed: boolean;
  /** Whether there are rows after those shown. */
  more: boolean;
  loadMore: () => Promise<void>;
  /** The rows shown fetched again: a change to one row can change others (a refund lowers the balance every refund is capped by). */
  reload: () => Promise<void>;
}

/**
 * A list paged from the API by offset: the first page (given with the page, else fetched once mounted),
 * then "load more". Key the component by anything that starts the list afresh (a period, a tab).
 */
export function usePagedList<T>(
  initial: { items: T[]; total: number } | null,
  fetchPage: (offset: number) => Promise<ApiResult<{ items: T[]; total: number }>>,
  idOf: (item: T) => number | string,
): PagedList<T> {
  const notice = useFailureNotice();
  const [items, setItems] = useState<T[] | null>(initial?.items ?? null);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const load = async (shown: T[]) => {
    setBusy(true);
    const next = await fetchPage(shown.length);
    setBusy(false);
    if (!next.ok || !next.body) {
      if (shown.length === 0) setFailed(true);
      else notice(next, { fallback: 'errors.network' });
      return;
    }
    setItems(appendPage(shown, next.body.items, idOf));
    setTotal(next.body.total);
  };
  const reload = async () => {
    const shown = Math.max(items?.length ?? 0, 1);
    let fresh: T[] = [];
    setBusy(true);
    while (fresh.length < shown) {
      const next = await fetchPage(fresh.length);
      if (!next.ok || !next.body) {
        setBusy(false);
        return notice(next, { fallback: 'errors.network' });
      }
      fresh = appendPage(fresh, next.body.items, idOf);
      setTotal(next.body.total);
      if (next.body.items.length === 0) break;
    }
    setBusy(false);
    setItems(fresh);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; lists are keyed by what restarts them
  useEffect(() => {
    if (initial === null) void load([]);
  }, []);
  return { items, setItems, total, setTotal, busy, failed, more: items !== null && items.length < total, loadMore: () => load(items ?? []), reload };
}
