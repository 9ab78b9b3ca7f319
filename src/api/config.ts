import { isProductionEnv } from '../shared/environment';

/** The dev secrets of config/development.env: refused in production. */
const DEV_JWT_SECRET = 'development-only-jwt-secret-not-for-production';
const DEV_EDGE_HEADER_SECRET = 'development-only-edge-header-secret';
/** The dev VAPID key pair's public half: its private half is in config/development.env for anyone to read. */
const DEV_VAPID_PUBLIC_KEY = 'BFqIR3X6Co2RZ9eZ8w58j5DBbvp0QIDXSLCIrfjpbs3MAQLpwfAQMBX2kG2XYtB56kJf4xHcM3CEx2nHqP1Go74';

export interface ProviderChoice {
  sms: 'dev' | 'http';
  captcha: 'local' | 'turnstile';
  identity: 'dev' | 'nice';
  /** The payment gateway: the Worker's own dev checkout, or Toss Payments. */
  pg: 'dev' | 'toss';
  /** Social login: the loopback issuers of scripts/lib/social-issuers.mjs, or the real providers. */
  oauth: 'dev' | 'real';
}

export function providerChoice(env: Env): ProviderChoice {
  return {
    sms: env.SMS_PROVIDER === 'dev' ? 'dev' : 'http',
    captcha: env.CAPTCHA_PROVIDER === 'local' ? 'local' : 'turnstile',
    identity: env.IDENTITY_PROVIDER === 'dev' ? 'dev' : 'nice',
    pg: env.PG_PROVIDER === 'dev' ? 'dev' : 'toss',
    oauth: env.OAUTH_PROVIDER === 'dev' ? 'dev' : 'real',
  };
}

/**
 * Refuse to run a production Worker with offline adapters or the development JWT secret. Called once
 * per isolate from the Worker entry, so a misconfigured deploy fails loudly instead of faking SMS.
 */
export function assertSafeConfig(env: Env): void {
  const choice = providerChoice(env);
  // Toss without its keys could neither confirm a payment nor prove a webhook: refused in every environment.
  if (choice.pg === 'toss') {
    const missing = (['TOSS_SECRET_KEY', 'TOSS_CLIENT_KEY', 'TOSS_WEBHOOK_SECRET'] as const).filter((name) => !env[name]);
    if (missing.length) throw new Error(`refusing to start: PG_PROVIDER=toss without ${missing.join(', ')}`);
  } else if (!env.DEV_PG_WEBHOOK_SECRET) {
    throw new Error('refusing to start: PG_PROVIDER=dev without DEV_PG_WEBHOOK_SECRET');
  }
  // The dev identity form's CI is keyed by it: without it, the form could verify no one.
  if (choice.identity === 'dev' && !env.DEV_IDENTITY_CI_KEY) throw new Error('refusing to start: IDENTITY_PROVIDER=dev without DEV_IDENTITY_CI_KEY');
  if (!isProductionEnv(env.ENVIRONMENT)) return;
  const offline = [
    choice.sms === 'dev' && 'SMS_PROVIDER=dev',
    choice.captcha === 'local' && 'CAPTCHA_PROVIDER=local',
    choice.identity === 'dev' && 'IDENTITY_PROVIDER=dev',
    choice.pg === 'dev' && 'PG_PROVIDER=dev',
    choice.oauth === 'dev' && 'OAUTH_PROVIDER=dev (loopback social-login issuers)',
  ].filter(Boolean);
  if (offline.length) throw new Error(`refusing to start: development adapters in production (${offline.join(', ')})`);
  if (!env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new Error('refusing to start: JWT_SECRET is missing, too short, or the development value');
  }
  // Without it the API would know no client's address (src/lib/edge-headers.ts): every per-client limit one count.
  if (!env.EDGE_HEADER_SECRET || env.EDGE_HEADER_SECRET === DEV_EDGE_HEADER_SECRET || env.EDGE_HEADER_SECRET.length < 32) {
    throw new Error('refusing to start: EDGE_HEADER_SECRET is missing, too short, or the development value');
  }
  // Without VAPID keys push is off (the pages do not offer it); with the dev pair anyone could push as us.
  if (env.VAPID_PUBLIC_KEY === DEV_VAPID_PUBLIC_KEY) throw new Error('refusing to start: VAPID keys are the development pair');
}

export function jwtSecret(env: Env): string {
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is not configured');
  return env.JWT_SECRET;
}
