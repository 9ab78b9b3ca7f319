import { verifyWithJwks } from 'hono/jwt';
import type { SocialProvider } from '../../shared/social';

/**
 * The four social-login providers (docs/product/accounts.md, "Social login"). Each is an authorization-code
 * client with PKCE (S256) and state; Kakao, Google and Twitch also speak OpenID Connect (nonce, an ID token
 * checked against the provider's JWKS: signature, iss, aud, exp, nonce). Naver is plain OAuth 2.0: its profile
 * API answers { resultcode, message, response: { id, email, nickname, ... } }.
 *
 * Real adapter: the providers' documented endpoints (fixed here, never configurable), with each app's
 * credentials from secrets (<PROVIDER>_CLIENT_ID, <PROVIDER>_CLIENT_SECRET). Dev adapter (OAUTH_PROVIDER=dev):
 * the same paths on the loopback issuers of scripts/lib/social-issuers.mjs (DEV_OAUTH_<PROVIDER>), which
 * src/api/config.ts refuses in production.
 */

export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable user id: the ID token's sub, Naver's response.id. */
  subject: string;
  email: string | null;
  nickname: string | null;
}

/** Why an exchange failed (logged; the person sees one message). */
export class OAuthFailure extends Error {
  constructor(readonly reason: 'token' | 'id_token' | 'nonce' | 'profile') {
    super(`oauth ${reason}`);
  }
}

interface Endpoints {
  authorize: string;
  token: string;
  /** OIDC: the ID token's expected iss and where its keys are. */
  issuer?: string | RegExp;
  jwks?: string;
  /** Naver: the profile API. */
  profile?: string;
}

const REAL: Record<SocialProvider, Endpoints> = {
  // developers.naver.com/docs/login/api: authorize and token on nid.naver.com, the profile on openapi.naver.com.
  naver: { authorize: 'https://nid.naver.com/oauth2.0/authorize', token: 'https://nid.naver.com/oauth2.0/token', profile: 'https://openapi.naver.com/v1/nid/me' },
  // developers.kakao.com/docs/latest/ko/kakaologin/rest-api (OIDC): iss https://kauth.kakao.com.
  kakao: {
    authorize: 'https://kauth.kakao.com/oauth/authorize',
    token: 'https://kauth.kakao.com/oauth/token',
    issuer: 'https://kauth.kakao.com',
    jwks: 'https://kauth.kakao.com/.well-known/jwks.json',
  },
  // developers.google.com/identity/openid-connect/openid-connect: iss is either spelling.
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    issuer: /^(https:\/\/)?accounts\.google\.com$/,
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  // dev.twitch.tv/docs/authentication/getting-tokens-oidc: iss https://id.twitch.tv/oauth2.
  twitch: { authorize: 'https://id.twitch.tv/oauth2/authorize', token: 'https://id.twitch.tv/oauth2/token', issuer: 'https://id.twitch.tv/oauth2', jwks: 'https://id.twitch.tv/oauth2/keys' },
};

/** The loopback issuers answer at the real paths; only the origin differs (Twitch's iss keeps its /oauth2). */
function devEndpoints(provider: SocialProvider, origin: string): Endpoints {
  const real = REAL[provider];
  const onLoopback = (url: string) => origin + new URL(url).pathname;
  return {
    authorize: onLoopback(real.authorize),
    token: onLoopback(real.token),
    ...(real.jwks ? { jwks: onLoopback(real.jwks), issuer: provider === 'twitch' ? `${origin}/oauth2` : origin } : {}),
    ...(real.profile ? { profile: onLoopback(real.profile) } : {}),
  };
}

/** What each provider is asked for: the least that gives a stable id, a nickname and an e-mail. */
const SCOPES: Record<SocialProvider, string | null> = {
  naver: null, // Naver's consent items are set in the app's console, not by scope
  kakao: 'openid profile_nickname account_email',
  google: 'openid email profile',
  twitch: 'openid user:read:email',
};
/** Twitch puts e-mail and name in the ID token only when asked with the claims parameter. */
const TWITCH_CLAIMS = JSON.stringify({ id_token: { email: null, email_verified: null, preferred_username: null } });

export const isOidc = (provider: SocialProvider): boolean => provider !== 'naver';

export interface AuthorizeRequest {
  state: string;
  codeChallenge: string;
  nonce: string | null;
  redirectUri: string;
  /** Linking to a signed-in member: the provider asks the person again (RECONSENT), never passing silently on an old grant. */
  reconsent?: boolean;
}

/**
 * Each provider's way to make the person act again rather than pass through on an earlier grant: Google's consent
 * screen, Kakao's and Twitch's fresh sign-in or authorization, Naver's re-asked agreement.
 */
const RECONSENT: Record<SocialProvider, readonly [string, string]> = {
  google: ['prompt', 'consent'],
  kakao: ['prompt', 'login'],
  naver: ['auth_type', 'reprompt'],
  twitch: ['force_verify', 'true'],
};

export interface OAuthClient {
  provider: SocialProvider;
  authorizeUrl(request: AuthorizeRequest): string;
  /** Trade the code for the person's identity; throws OAuthFailure. */
  exchange(input: { code: string; verifier: string; redirectUri: string; nonce: string | null; state: string }): Promise<SocialIdentity>;
}

const DEV_ORIGIN_VARS = { naver: 'DEV_OAUTH_NAVER', kakao: 'DEV_OAUTH_KAKAO', google: 'DEV_OAUTH_GOOGLE', twitch: 'DEV_OAUTH_TWITCH' } as const;
const CLIENT_VARS = {
  naver: ['NAVER_CLIENT_ID', 'NAVER_CLIENT_SECRET'],
  kakao: ['KAKAO_CLIENT_ID', 'KAKAO_CLIENT_SECRET'],
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  twitch: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
} as const;

type Vars = Record<string, string | undefined>;

/** The endpoints in use: the real providers', or the loopback issuers' under OAUTH_PROVIDER=dev. Null when not configured. */
export function endpointsOf(env: Env, provider: SocialProvider): Endpoints | null {
  if (env.OAUTH_PROVIDER !== 'dev') return REAL[provider];
  const origin = (env as unknown as Vars)[DEV_ORIGIN_VARS[provider]];
  return origin ? devEndpoints(provider, origin.replace(/\/$/, '')) : null;
}

/** The client for a provider, or null when its app is not configured (its button is then refused). */
export function oauthClient(env: Env, provider: SocialProvider): OAuthClient | null {
  const vars = env as unknown as Vars;
  const [idVar, secretVar] = CLIENT_VARS[provider];
  const clientId = vars[idVar];
  const clientSecret = vars[secretVar];
  const endpoints = endpointsOf(env, provider);
  if (!clientId || !clientSecret || !endpoints) return null;
  return {
    provider,
    authorizeUrl: (r) => {
      const url = new URL(endpoints.authorize);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: r.redirectUri,
        state: r.state,
        code_challenge: r.codeChallenge,
        code_challenge_method: 'S256',
      };
      const scope = SCOPES[provider];
      if (scope) params.scope = scope;
      if (r.nonce) params.nonce = r.nonce;
      if (provider === 'twitch') params.claims = TWITCH_CLAIMS;
      if (r.reconsent) params[RECONSENT[provider][0]] = RECONSENT[provider][1];
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return url.href;
    },
    exchange: async (input) => {
      const tokens = await tokenRequest(provider, endpoints, { clientId, clientSecret }, input);
      if (provider === 'naver') return naverProfile(endpoints, tokens.access_token);
      return verifyIdToken(provider, endpoints, clientId, tokens.id_token, input.nonce);
    },
  };
}

interface TokenAnswer {
  access_token: string;
  id_token?: string;
}

async function tokenRequest(
  provider: SocialProvider,
  endpoints: Endpoints,
  client: { clientId: string; clientSecret: string },
  input: { code: string; verifier: string; redirectUri: string; state: string },
): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code: input.code,
    code_verifier: input.verifier,
  });
  // Naver's token call takes the state instead of the redirect URI.
  if (provider === 'naver') form.set('state', input.state);
  else form.set('redirect_uri', input.redirectUri);
  const res = await fetch(endpoints.token, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form });
  const body = (await res.json().catch(() => null)) as (Partial<TokenAnswer> & { error?: string }) | null;
  // Naver answers refusals with 200 and an error field.
  if (!res.ok || !body || body.error || typeof body.access_token !== 'string') throw new OAuthFailure('token');
  if (isOidc(provider) && typeof body.id_token !== 'string') throw new OAuthFailure('id_token');
  return body as TokenAnswer;
}

async function verifyIdToken(provider: SocialProvider, endpoints: Endpoints, clientId: string, idToken: string | undefined, nonce: string | null): Promise<SocialIdentity> {
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyWithJwks(idToken!, {
      jwks_uri: endpoints.jwks!,
      allowedAlgorithms: ['RS256'],
      verification: { iss: endpoints.issuer!, aud: clientId, exp: true, nbf: true, iat: true },
    })) as Record<string, unknown>;
  } catch {
    throw new OAuthFailure('id_token');
  }
  // hono checks exp only when present: an ID token must carry one.
  if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string' || !claims.sub) throw new OAuthFailure('id_token');
  if (!nonce || claims.nonce !== nonce) throw new OAuthFailure('nonce');
  const verifiedEmail = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
  const nickname = [claims.nickname, claims.preferred_username, claims.name].find((v): v is string => typeof v === 'string' && v.length > 0) ?? null;
  return { provider, subject: claims.sub, email: verifiedEmail, nickname };
}

async function naverProfile(endpoints: Endpoints, accessToken: string): Promise<SocialIdentity> {
  const res = await fetch(endpoints.profile!, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await res.json().catch(() => null)) as { resultcode?: string; response?: { id?: unknown; email?: unknown; nickname?: unknown } } | null;
  const id = body?.response?.id;
  if (!res.ok || body?.resultcode !== '00' || typeof id !== 'string' || !id) throw new OAuthFailure('profile');
  const { email, nickname } = body.response!;
  return { provider: 'naver', subject: id, email: typeof email === 'string' ? email : null, nickname: typeof nickname === 'string' ? nickname : null };
}
