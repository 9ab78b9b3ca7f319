import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Me } from '../shared/page-props';
import { ServiceUnavailableError } from '../proxy/upstream';

/**
 * Run a page's data loaders; a failure renders the page with empty data (SPEC §8), except a 503,
 * which goes on to the maintenance redirect.
 */
export async function loadPageData<T extends Record<string, unknown>>(c: Context<AppEnv>, loader: () => Promise<T>): Promise<T | Record<string, never>> {
  try {
    return await loader();
  } catch (err) {
    if (err instanceof ServiceUnavailableError) throw err;
    console.warn(`initial data for ${c.req.path} failed; rendering with empty props`, err);
    return {};
  }
}

/** The current member for page props; null for guests and whenever the lookup fails. */
export async function loadMe(c: Context<AppEnv>): Promise<Me | null> {
  if (!c.var.loggedIn) return null;
  // Accounts arrive with the accounts feature; until then a session cookie names nobody we know.
  return null;
}
