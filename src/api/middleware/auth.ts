import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { authenticate, type SessionClaims } from '../services/sessions';
import { SESSION_INVALID, SESSION_INVALID_MESSAGE } from '../../shared/account-api';

export { SESSION_INVALID_MESSAGE };


declare module 'hono' {
  interface ContextVariableMap {
    session: SessionClaims;
  }
}

/** Member-only calls: a valid, unrevoked Bearer token, else 401 'accessToken is not valid.' (SPEC §4). */
export const requireMember = () =>
  createMiddleware<ApiEnv>(async function requireMember(c, next) {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const session = token ? await authenticate(c.env, token) : null;
    if (!session) return c.json({ error: { code: SESSION_INVALID, message: SESSION_INVALID_MESSAGE } }, 401);
    c.set('session', session);
    await next();
  });
