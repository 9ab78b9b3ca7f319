// Secrets of the real provider adapters, set with `wrangler secret put`; absent in development.
interface Env {
  SMS_API_KEY?: string;
  TURNSTILE_SECRET?: string;
  NICE_CLIENT_ID?: string;
  NICE_CLIENT_SECRET?: string;
  TOSS_SECRET_KEY?: string;
  TOSS_CLIENT_KEY?: string;
  TOSS_WEBHOOK_SECRET?: string;
  /** Browsers' error reports in production: a Sentry project's DSN (https). Without it production browsers report nothing. */
  SENTRY_DSN_BROWSER?: string;
}
