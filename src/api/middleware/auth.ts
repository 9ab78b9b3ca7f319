import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { authenticate, readAccessToken, type SessionClaims } from '../services/sessions';
import { isStaff } from '../services/staff';
import { Refusal } from '../../lib/errors';
import { SESSION_INVALID_RESPONSE, documents, refusal } from '../openapi';
import { SESSION_INVALID, SESSION_INVALID_MESSAGE } from '../../shared/account-api';

export { SESSION_INVALID_MESSAGE };

/** requireStaff's refusal as the document words it (the security sweep finds staff-only routes by it). */
export const STAFF_ONLY_REFUSAL = 'The member is not staff (FORBIDDEN)';

declare module 'hono' {
  interface ContextVariableMap {
    session: SessionClaims;
    /** Set by optionalMember(): the signed-in member, or null for a guest. */
    optionalSession: SessionClaims | null;
    /** The Bearer token's session once read (bearerSession), so the write rate and the route check it once. */
    bearerSession: SessionClaims | null;
  }
}

/** The brand the edge calls for (its proxy names it); none when the caller reached the API without the edge. */
export const requestBrand = (c: Context<ApiEnv>): string | undefined => c.var.client.brand;

const bearerOf = (c: Context<ApiEnv>): string => {
  const header = c.req.header('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : '';
};

/**
 * What the request's Bearer token claims on this brand, its revocation not checked yet (see readAccessToken), or null.
 * Only for a caller that checks the revocation itself and then says so with `settleBearerSession`.
 */
export async function bearerClaims(c: Context<ApiEnv>): Promise<SessionClaims | null> {
  const token = bearerOf(c);
  return token ? readAccessToken(c.env, token, requestBrand(c)) : null;
}

/** The request's session once its revocation was checked (by the write rate's statement): later checks reuse it. */
export function settleBearerSession(c: Context<ApiEnv>, session: SessionClaims | null): void {
  c.set('bearerSession', session);
}

/** The session of the request's Bearer token on this brand, or null (none, invalid, revoked, another brand's). */
export async function bearerSession(c: Context<ApiEnv>): Promise<SessionClaims | null> {
  const known = c.get('bearerSession');
  if (known !== undefined) return known;
  const token = bearerOf(c);
  const session = token ? await authenticate(c.env, token, requestBrand(c)) : null;
  c.set('bearerSession', session);
  return session;
}

/** Member-only calls: a valid, unrevoked Bearer token, else 401 'accessToken is not valid.' (clients take that message as the session's end). */
export const requireMember = () =>
  documents(
    createMiddleware<ApiEnv>(async function requireMember(c, next) {
      const session = await bearerSession(c);
      if (!session) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
      c.set('session', session);
      await next();
    }),
    { security: [{ bearerAuth: [] }], responses: { 401: SESSION_INVALID_RESPONSE } },
  );

/**
 * Calls open to guests that answer members more (view-main, channel page): no Bearer is a guest; a
 * Bearer that is not valid is a 401 like requireMember's, so the proxy refreshes it and retries rather
 * than showing a member the guest view (docs/product/accounts.md, "Accounts").
 */
export const optionalMember = () =>
  documents(
    createMiddleware<ApiEnv>(async function optionalMember(c, next) {
      if (!bearerOf(c)) {
        c.set('optionalSession', null);
        return next();
      }
      const session = await bearerSession(c);
      if (!session) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
      c.set('optionalSession', session);
      await next();
    }),
    // {} first: the call works without a token too (as a guest).
    { security: [{}, { bearerAuth: [] }], responses: { 401: SESSION_INVALID_RESPONSE } },
  );

/** After requireMember(): only staff (P and O members) go on; anyone else gets 403 in their language. */
export const requireStaff = () =>
  documents(
    createMiddleware<ApiEnv>(async function requireStaff(c, next) {
      if (!(await isStaff(c.env.DB, c.var.session.memberId))) throw new Refusal(403, 'FORBIDDEN', 'errors.staffOnly');
      await next();
    }),
    { responses: { 403: refusal(STAFF_ONLY_REFUSAL) } },
  );
