import { hmacBase64 } from '../../lib/crypto';
import { providerChoice } from '../config';
import { NICE_PRODUCT_ID, NICE_WINDOW_URL, niceRequest } from './nice';

/**
 * The published auth flow types that verify a person (phone is the foreigner's phone code, not this), and ours:
 * guest-adult, a guest's age check at /guest-auth (no account; its authKey buys only a guest adult pass).
 */
export const IDENTITY_PURPOSES = ['personal', 'personal-signup', 'id', 'password', 'expire', 'guest-adult'] as const;
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
  /** The person's CI (NICE's connecting information; the dev form's keyed hash); absent when the provider gave none. */
  ci?: string | null;
}

/** How the popup reaches the provider: open `url`, or post `form` to it; `ref` and `key` are kept for the answer. */
export interface IdentityLaunch {
  url: string;
  form?: Record<string, string>;
  /** The provider's id of this request (NICE's token_version_id), which its answer carries. */
  ref?: string;
  /** The secret that checks and opens the provider's answer (NICE's symmetric key). */
  key?: string;
}

export interface IdentityProvider {
  /** Start the provider's side of a verification session; `returnUrl` is where its answer comes back. */
  launch(start: IdentityStart & { returnUrl: string }): Promise<IdentityLaunch>;
}

/**
 * Offline adapter: our own form at /my/personal-auth (development only), completed through
 * POST /api/personal-auth/dev/complete, which the API refuses unless this adapter is selected.
 */
export const devIdentity: IdentityProvider = {
  async launch({ sessionId, purpose, provider, loginId }) {
    const query = new URLSearchParams({ session: sessionId, type: purpose, provider, ...(loginId ? { loginId } : {}) });
    return { url: `/my/personal-auth?${query}` };
  },
};

/**
 * Real adapter: NICE identity verification (NICE_API_URL, NICE_CLIENT_ID / NICE_CLIENT_SECRET secrets,
 * src/api/providers/nice.ts). The popup posts the encrypted request to NICE's standard window; NICE sends
 * the person back to /callback/nice, where the answer is checked with the key kept on the session.
 */
export function niceIdentity(env: Env, fetcher: typeof fetch = fetch): IdentityProvider {
  return {
    async launch({ sessionId, returnUrl }) {
      if (!env.NICE_CLIENT_ID || !env.NICE_CLIENT_SECRET) throw new Error('NICE credentials are not configured');
      const config = { apiUrl: env.NICE_API_URL, clientId: env.NICE_CLIENT_ID, clientSecret: env.NICE_CLIENT_SECRET, productId: NICE_PRODUCT_ID };
      const { form, tokenVersionId, symmetricKey } = await niceRequest(config, fetcher, { reqNo: sessionId, returnUrl });
      return { url: NICE_WINDOW_URL, form, ref: tokenVersionId, key: symmetricKey };
    },
  };
}

/**
 * The dev form's stand-in for NICE's CI: a keyed hash (key DEV_IDENTITY_CI_KEY of config/development.env) of the
 * person it names (a real CI is a keyed hash of the resident registration number), so the same person entered
 * twice is the same CI, as with NICE.
 */
export async function devCi(env: Env, person: { name: string; birthday: string; gender: string; phone: string }): Promise<string> {
  if (!env.DEV_IDENTITY_CI_KEY) throw new Error('DEV_IDENTITY_CI_KEY is not configured');
  const mac = await hmacBase64(env.DEV_IDENTITY_CI_KEY, [person.name.trim(), person.birthday, person.gender, person.phone].join('|'));
  return `dev-${mac.replace(/=+$/, '')}`;
}

export function identityFor(env: Env): IdentityProvider {
  return providerChoice(env).identity === 'dev' ? devIdentity : niceIdentity(env);
}

export function devIdentityEnabled(env: Env): boolean {
  return providerChoice(env).identity === 'dev';
}
