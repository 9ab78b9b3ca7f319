import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import type { Me } from '../shared/page-props';
import { meDtoSchema } from '../shared/account-schemas';
import { memberRouteJson, ServiceUnavailableError, waitUntil } from '../proxy/caller';
import { reportServerError } from '../errors';

/** A loader's data when it failed: none of its fields (for each shape it may answer). */
export type NotLoaded<T> = T extends unknown ? { [P in keyof T]?: undefined } : never;

/**
 * Run a page's data loaders; a failure renders the page with empty data, not an error page, except a 503,
 * which goes on to the maintenance redirect.
 */
export async function loadPageData<T extends object>(c: Context<AppEnv>, loader: () => Promise<T>): Promise<T | NotLoaded<T>> {
  try {
    return await loader();
  } catch (err) {
    if (err instanceof ServiceUnavailableError) throw err;
    console.warn(`initial data for ${c.req.path} failed; rendering with empty props`);
    await reportServerError(err, { env: c.env, waitUntil: (work) => waitUntil(c, work), brand: c.var.brand?.id ?? null, page: c.req.path, userAgent: c.req.header('user-agent') ?? null });
    // An empty object has none of T's fields, whatever T is (TypeScript cannot see it for a T still open).
    return {} as NotLoaded<T>;
  }
}

/**
 * The current member for page props (refreshing an expired access token on the way); null for guests,
 * for a session that is over (its cookies are cleared), and whenever the lookup fails.
 */
export async function loadMe(c: Context<AppEnv>): Promise<Me | null> {
  if (!c.var.loggedIn) return null;
  try {
    const answer = await memberRouteJson(c, 'GET', '/api/my/profile');
    if (!answer.ok || !answer.body) return null;
    // The profile is Me and more: the schema keeps Me's fields (and checks them).
    return meDtoSchema.parse(answer.body.profile);
  } catch (err) {
    if (err instanceof ServiceUnavailableError) throw err;
    console.warn('current member lookup failed', err);
    return null;
  }
}
