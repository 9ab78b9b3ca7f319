// One row of the security table (`npm run security`): what a test tried, what was let through, and whether that
// is a pass. Tests under tests/worker/security-*.test.ts record rows on their own task; the table reporter
// (scripts/security-reporter.mjs) prints them, one per test, whatever pool ran the test.
import type { TestContext } from 'vitest';

export interface SecurityRow {
  /** The area of the sweep: 'access', 'csrf', 'cookies', 'stuffing', 'chat-faults', 'maintenance', 'limits', 'headers'. */
  area: string;
  /** What was tried, in words: "every state-changing route without X-XSRF-TOKEN (212 calls)". */
  tried: string;
  /** What got through that should not have: 0, or a short list ("POST /api/x 200"). */
  letThrough: number | string;
  /** Whether the row passes; a test that records a failing row must also fail its assertions. */
  pass: boolean;
}

declare module 'vitest' {
  interface TaskMeta {
    security?: SecurityRow[];
  }
}

/** Record a row on the running test (several rows per test are fine). */
export function securityRow(context: TestContext, row: SecurityRow): void {
  const rows = context.task.meta.security ?? [];
  rows.push(row);
  context.task.meta.security = rows;
}
