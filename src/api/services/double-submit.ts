import { claimSubmit, releaseSubmit } from '../../db/double-submits';
import { DOUBLE_SUBMIT_WINDOW_MS, doubleSubmit, type ResolvedKey } from '../../lib/request-key';

/**
 * Run a money call once per window for a submit without a key: `route` and the member scope the key's claim. A
 * second identical submit within DOUBLE_SUBMIT_WINDOW_MS is refused (409 DOUBLE_SUBMIT) before anything is read or
 * moved; a call that is refused gives its claim back, so a corrected retry is not taken for a double submit. A call
 * with its own key is idempotent by that key and is not claimed.
 */
export async function onceInWindow<T>(db: D1Database, route: string, memberId: number, key: ResolvedKey, call: () => Promise<T>): Promise<T> {
  if (!key.claim) return call();
  const claimKey = `${route}:${memberId}:${key.claim.submit}`;
  if (!(await claimSubmit(db, claimKey, memberId, key.claim.at, DOUBLE_SUBMIT_WINDOW_MS))) throw doubleSubmit();
  try {
    return await call();
  } catch (err) {
    await releaseSubmit(db, claimKey, key.claim.at);
    throw err;
  }
}
