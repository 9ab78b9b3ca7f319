import type { Context } from 'hono';
import type { ApiEnv } from './env';

/** The request's waitUntil (work that may finish after the answer), or undefined without an execution context (app.request in a test). */
export function waitUntilOf(c: Context<ApiEnv>): ((work: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return undefined;
  }
}
