import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { COOKIE } from '../shared/constants';
import { viewDevice, type Me } from '../shared/page-props';
import { callApi, ServiceUnavailableError } from '../proxy/upstream';
import { loadMe } from './load';

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

/** The device value view-main and themes take. */
export const deviceOf = (c: Context<AppEnv>) => viewDevice(c.var);

/**
 * The access token loadMe just obtained by refreshing, read back from the Set-Cookie it put on this
 * response. Data calls must use it: retrying them with the request's stale token would refresh a second
 * time with a refresh token that is already spent, and reuse revokes the whole session family.
 */
function refreshedAccess(c: Context<AppEnv>): string | undefined {
  const prefix = `${COOKIE.access}=`;
  for (const line of c.res.headers.getSetCookie()) {
    if (!line.startsWith(prefix)) continue;
    const value = line.slice(prefix.length).split(';')[0] ?? '';
    return value ? decodeURIComponent(value) : undefined;
  }
  return undefined;
}

/**
 * A page's session: the member (loadMe refreshes an expired token once) and a caller for the page's
 * data that speaks as that member, or as a guest when there is none.
 */
export async function pageSession(c: Context<AppEnv>): Promise<{ me: Me | null; api: <T>(path: string, init?: RequestInit) => Promise<ApiAnswer<T>> }> {
  const me = await loadMe(c);
  const access = me ? refreshedAccess(c) : undefined;
  const api = async <T>(path: string, init?: RequestInit): Promise<ApiAnswer<T>> => {
    const res = await callApi(c, path, init, access);
    if (res.status === 503) throw new ServiceUnavailableError();
    const body = (await res.json().catch(() => null)) as T | null;
    return { ok: res.ok, status: res.status, body };
  };
  return { me, api };
}

/** The path and query a guest is sent back to after signing in. */
export function signinRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(`/signin?callbackURL=${encodeURIComponent(url.pathname + url.search)}`, 302);
}
