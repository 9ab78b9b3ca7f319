import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { AUTH_EXEMPT_PATHS, CACHE_MS, MAINTENANCE_EXEMPT_PATHS, MAINTENANCE_PATH, isExempt } from '../shared/constants';
import { TtlCache } from '../lib/ttl-cache';
import { signinLocation } from '../shared/callback-url';
import { callApi, callerOf } from '../proxy/caller';

export interface ServiceStatus {
  maintenance: boolean;
  emergency: boolean;
}

const statusCache = new TtlCache<string, ServiceStatus>(CACHE_MS.timecheck);

async function loadStatus(c: Context<AppEnv>): Promise<ServiceStatus> {
  const res = await callApi(c, callerOf(c), '/api/guest/timeCheck/9?ver=2');
  if (!res.ok) throw new Error(`timecheck answered ${res.status}`);
  const body = (await res.json()) as { isMantenace?: unknown; isEmergency?: unknown };
  if (typeof body.isMantenace !== 'boolean' || typeof body.isEmergency !== 'boolean') throw new Error('timecheck answered an unexpected shape');
  return { maintenance: body.isMantenace, emergency: body.isEmergency };
}

/** How long the flags are kept: STATUS_CACHE_MS when it is a shorter time, else the 10 s the edge promises. */
function statusTtl(env: AppEnv['Bindings']): number {
  const configured = Number(env.STATUS_CACHE_MS);
  return configured > 0 && configured < CACHE_MS.timecheck ? configured : CACHE_MS.timecheck;
}

/** Maintenance and emergency flags, cached at the edge for at most 10 s; null when the check fails. */
export async function serviceStatus(c: Context<AppEnv>): Promise<ServiceStatus | null> {
  try {
    return await statusCache.get(c.env.API_ORIGIN || 'embedded', () => loadStatus(c), { ttlMs: statusTtl(c.env) });
  } catch (err) {
    console.warn('status check failed; letting the page through', err);
    return null;
  }
}

/** Where the gate sends this request, or null to let it through (docs/architecture.md, "Contracts": Gate). */
export function gateRedirect(status: ServiceStatus | null, path: string, search: string, loggedIn: boolean): string | null {
  if (!status) return null;
  if (status.maintenance && !isExempt(path, MAINTENANCE_EXEMPT_PATHS)) return MAINTENANCE_PATH;
  if (status.emergency && !loggedIn && !isExempt(path, AUTH_EXEMPT_PATHS)) return signinLocation(path + search);
  return null;
}

/** Send a guest to sign in before this page (members-only pages; the gate does it in emergency mode). */
export function signinRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(signinLocation(url.pathname + url.search), 302);
}

export const gate = () =>
  createMiddleware<AppEnv>(async function gate(c, next) {
    const url = new URL(c.req.url);
    const target = gateRedirect(await serviceStatus(c), url.pathname, url.search, c.var.loggedIn);
    if (target) return c.redirect(target, 302);
    await next();
  });
