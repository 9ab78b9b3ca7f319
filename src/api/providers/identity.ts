import { providerChoice } from '../config';

/** SPEC §3 auth flow types that verify a person (phone is the foreigner's phone code, not this). */
export const IDENTITY_PURPOSES = ['personal', 'personal-signup', 'id', 'password', 'expire'] as const;
export type IdentityPurpose = (typeof IDENTITY_PURPOSES)[number];

export interface IdentityStart {
  sessionId: string;
  purpose: IdentityPurpose;
  provider: 'niceId' | 'internal';
  loginId: string | null;
}

/** What a completed verification proves about the person. */
export interface IdentityResult {
  name: string;
  birthday: string; // yyyy-MM-dd
  gender: 'M' | 'F';
  phone: string;
}

export interface IdentityProvider {
  /** The popup URL for a new verification session. */
  popupUrl(start: IdentityStart): Promise<string>;
}

/**
 * Offline adapter: our own form at /my/personal-auth (development only), completed through
 * POST /api/personal-auth/dev/complete, which the API refuses unless this adapter is selected.
 */
export const devIdentity: IdentityProvider = {
  async popupUrl({ sessionId, purpose, provider, loginId }) {
    const query = new URLSearchParams({ session: sessionId, type: purpose, provider, ...(loginId ? { loginId } : {}) });
    return `/my/personal-auth?${query}`;
  },
};

/**
 * Real adapter: NICE identity verification (NICE_API_URL, NICE_CLIENT_ID / NICE_CLIENT_SECRET secrets).
 * It obtains an access token by client credentials and asks NICE for a standard-window URL bound to
 * our session id; NICE returns to /callback/nice with the session id, where the result is decrypted.
 */
export function niceIdentity(env: Env): IdentityProvider {
  return {
    async popupUrl({ sessionId }) {
      if (!env.NICE_CLIENT_ID || !env.NICE_CLIENT_SECRET) throw new Error('NICE credentials are not configured');
      const basic = btoa(`${env.NICE_CLIENT_ID}:${env.NICE_CLIENT_SECRET}`);
      const tokenRes = await fetch(`${env.NICE_API_URL}/digital/niceid/oauth/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=default',
      });
      if (!tokenRes.ok) throw new Error(`NICE token answered ${tokenRes.status}`);
      const { dataBody } = (await tokenRes.json()) as { dataBody?: { access_token?: string } };
      const windowRes = await fetch(`${env.NICE_API_URL}/digital/niceid/api/v1.0/common/crypto/token`, {
        method: 'POST',
        headers: { authorization: `bearer ${dataBody?.access_token ?? ''}`, 'content-type': 'application/json', ProductID: '2101979031' },
        body: JSON.stringify({ dataHeader: { CNTY_CD: 'ko' }, dataBody: { req_dtim: new Date().toISOString(), req_no: sessionId, enc_mode: '1' } }),
      });
      if (!windowRes.ok) throw new Error(`NICE crypto token answered ${windowRes.status}`);
      return `https://nice.checkplus.co.kr/CheckPlusSafeModel/service.cb?m=service&session=${encodeURIComponent(sessionId)}`;
    },
  };
}

export function identityFor(env: Env): IdentityProvider {
  return providerChoice(env).identity === 'dev' ? devIdentity : niceIdentity(env);
}

export function devIdentityEnabled(env: Env): boolean {
  return providerChoice(env).identity === 'dev';
}
