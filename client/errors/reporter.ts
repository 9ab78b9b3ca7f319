// The browser's error reports, loaded only once there is an error to report (nothing of it, nor of the
// Sentry SDK, is in the first load). Noise (src/shared/error-noise.ts) is dropped here, before anything is sent.
import * as Sentry from '@sentry/browser';
import { isNoiseError } from '../../src/shared/error-noise';
import { LOCAL_COLLECTOR_PATH, LOCAL_COLLECTOR_PROJECT, type ErrorReportingConfig } from '../../src/shared/release';

let started = false;

/** The DSN: production's Sentry project, else the local collector on this very origin. */
const dsnOf = (config: ErrorReportingConfig) => config.dsn ?? `${location.protocol}//local@${location.host}${LOCAL_COLLECTOR_PATH}/${LOCAL_COLLECTOR_PROJECT}`;

function describe(error: unknown): { type: string | null; message: string } {
  if (error instanceof Error) return { type: error.name, message: error.message };
  return { type: null, message: typeof error === 'string' ? error : String(error) };
}

function start(config: ErrorReportingConfig): void {
  if (started) return;
  started = true;
  Sentry.init({
    dsn: dsnOf(config),
    release: config.release,
    environment: config.environment,
    // Our own listeners catch what happens (client/errors/install.ts); the SDK only sends. Its context
    // integrations add the page's URL and the user agent; dedupe drops an error reported twice.
    defaultIntegrations: false,
    integrations: [Sentry.httpContextIntegration(), Sentry.dedupeIntegration(), Sentry.linkedErrorsIntegration()],
    sendClientReports: false,
  });
}

/** Report one error with the brand and page it happened on; noise is dropped. */
export function report(config: ErrorReportingConfig, error: unknown): void {
  const { type, message } = describe(error);
  if (isNoiseError(type, message)) return;
  start(config);
  Sentry.withScope((scope) => {
    scope.setTags({ brand: document.documentElement.dataset.brand ?? '', page: location.pathname });
    if (error instanceof Error) Sentry.captureException(error);
    else Sentry.captureMessage(message, 'error');
  });
}
