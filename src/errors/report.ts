// The Worker's own errors (a 5xx answer, a page whose data failed to load): one JSON line on the console,
// which Workers Logs keeps in production (wrangler.toml [observability]), and, where the local collector
// runs (development and tests), a row an operator reads with `npm run ops -- errors`.
import { insertErrorReports, type ErrorReport } from '../db/error-reports';
import { isProductionEnv } from '../shared/environment';
import { RELEASE } from '../shared/release';

export interface ServerErrorContext {
  env: { DB: D1Database; ENVIRONMENT?: string };
  /** The request's waitUntil; undefined where there is none (app.request in a test): the row is then awaited. */
  waitUntil?: (work: Promise<unknown>) => void;
  brand: string | null;
  /** The path that failed (never the query: it may carry a token). */
  page: string;
  userAgent: string | null;
}

export function serverErrorReport(error: unknown, where: Omit<ServerErrorContext, 'env' | 'waitUntil'> & { environment: string | null }): ErrorReport {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    at: Date.now(),
    source: 'worker',
    release: RELEASE,
    environment: where.environment,
    brand: where.brand,
    page: where.page.slice(0, 500),
    type: err.name.slice(0, 200),
    message: (err.message || err.name).slice(0, 1_000),
    stack: err.stack?.slice(0, 8_000) ?? null,
    userAgent: where.userAgent?.slice(0, 500) ?? null,
    eventId: crypto.randomUUID().replaceAll('-', ''),
  };
}

/** Report one server error. Never throws: reporting must not turn one failure into two. */
export async function reportServerError(error: unknown, context: ServerErrorContext): Promise<void> {
  const report = serverErrorReport(error, { ...context, environment: context.env.ENVIRONMENT ?? null });
  console.error(JSON.stringify({ event: 'server_error', ...report }));
  if (isProductionEnv(context.env.ENVIRONMENT)) return;
  const stored = insertErrorReports(context.env.DB, [report]).catch((failure) => console.warn('error report not stored', failure));
  if (context.waitUntil) context.waitUntil(stored);
  else await stored;
}
