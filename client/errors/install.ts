// Catches the page's uncaught errors and rejected promises, and hands them to the reporter, which is a
// chunk of its own fetched at the first error (the first load carries only these few lines).
import type { ErrorReportingConfig } from '../../src/shared/release';

let config: ErrorReportingConfig | null = null;

/** Report an error (the root reports those an error boundary caught). Never throws; a reporter that cannot load sends nothing. */
export function reportError(error: unknown): void {
  const settings = config;
  // The brand is the document's (data-brand), the page the path shown now (in-app navigation changes it).
  if (settings) void import('./reporter').then((m) => m.report(settings, error)).catch(() => {});
}

/** Where reports go; null reports nothing (production without a DSN). */
export function installErrorReporting(settings: ErrorReportingConfig | null): void {
  config = settings;
  // An ErrorEvent carries error (null for some browser messages: then its message), a rejection its reason.
  const listener = (event: Partial<ErrorEvent & PromiseRejectionEvent>) => reportError(event.reason ?? event.error ?? event.message);
  addEventListener('error', listener);
  addEventListener('unhandledrejection', listener);
}
