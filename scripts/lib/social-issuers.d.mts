// Types for social-issuers.mjs (vitest.config.mts and tests/e2e start the loopback social-login issuers).
export type SocialIssuerProvider = 'naver' | 'kakao' | 'google' | 'twitch';
export const DEV_SOCIAL_PORTS: Record<SocialIssuerProvider, number>;
export const DEV_SOCIAL_CLIENTS: Record<SocialIssuerProvider, { id: string; secret: string }>;
export interface SocialIssuers {
  /** DEV_OAUTH_<PROVIDER> → origin, the Worker's bindings. */
  bindings: Record<string, string>;
  origins: Record<SocialIssuerProvider, string>;
  unref(): void;
  stop(): Promise<unknown>;
}
export function startSocialIssuers(options?: { ports?: Partial<Record<SocialIssuerProvider, number>>; host?: string }): Promise<SocialIssuers>;
