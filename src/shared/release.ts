// The release every error report names: the package's name and version (tests/unit/release.test.ts keeps
// it equal to package.json's). Bump both together when shipping.
export const RELEASE = 'flex-live@0.1.0';

/** Where the browser sends its reports: a Sentry DSN, or the local collector of development and tests. */
export interface ErrorReportingConfig {
  /** A production Sentry DSN (SENTRY_DSN_BROWSER); null: the local collector at LOCAL_COLLECTOR_PATH. */
  dsn: string | null;
  release: string;
  environment: string;
}

/** The local collector's Sentry-style base: DSN http://local@<host>/__errors/1, envelopes to /__errors/api/1/envelope/. */
export const LOCAL_COLLECTOR_PATH = '/__errors';
export const LOCAL_COLLECTOR_PROJECT = '1';
