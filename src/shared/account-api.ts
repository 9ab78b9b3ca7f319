// Request and response shapes of the account calls (auth and guest), as the browser sees them
// through the proxy. Tokens never appear here: the proxy moves them into HttpOnly cookies.
// Errors: signin answers { status, msg, message }, signup { data: { error, field } }, refresh { msg: 'ERROR' };
// every other call uses the API envelope { error: { code, message, fields? } } (message already localized).

// The shapes themselves are zod schemas in account-schemas.ts (the routes validate with them and the
// OpenAPI document is generated from them); their types are re-exported here, type-only, so the browser
// bundle that imports this file for its constants never pulls zod in.
export type {
  AvailabilityResponse,
  CaptchaChallenge,
  ConfirmPhoneCodeRequest,
  DevIdentityRequest,
  Device,
  ExpiryResponse,
  FindIdRequest,
  FindPasswordRequest,
  RecoveryProof,
  IdentityStartResponse,
  MeDto,
  PasswordResetRequest,
  ProfileResponse,
  RecommenderResponse,
  SendPhoneCodeRequest,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SignupResponse,
} from './account-schemas';

/** The error code of a 401 whose session is gone: the page clears it and shows the session-expired modal. */
/**
 * The profile's SWR key (GET /api/my/profile), cached 5 minutes on the client; a settings change
 * replaces it at once (the settings page sets it; other pages hear of it through the inbox socket).
 */
export const PROFILE_KEY = '/api/my/profile';
export const PROFILE_CACHE_MS = 5 * 60_000;

export const SESSION_INVALID = 'SESSION_INVALID';
export const SESSION_INVALID_MESSAGE = 'accessToken is not valid.';

/** Header carrying the XSRF token (cookie XSRF-TOKEN, readable by the page) on every call that changes something. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Methods that change something: the proxy refuses them without the XSRF header, which the client sends on each. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * GETs that write (the apps call them at these paths, so they stay GETs): deleting messages, cancelling a payment or a
 * withdrawal, an order's failure, opening an invite (read receipt), a protected live's password try (a counter that
 * locks the device out), a partner's device registration, and starting an identity check or a captcha. A link or an
 * image on another site makes the browser send a GET with its Lax cookies, and `Sec-Fetch-Site` is not sent by every
 * browser: so these need the XSRF header like any unsafe method. Any other GET writes nothing.
 */
export const STATE_CHANGING_GETS: readonly RegExp[] = [
  /^\/api\/my\/messages\/(delete|alldelete)$/,
  /^\/api\/shoppings\/flax\/payments-cancel$/,
  /^\/api\/luv\/withdraw-cancel$/,
  /^\/v2\/api\/guest\/payment-failure$/,
  /^\/api\/my\/agency-invites\/\d+$/,
  /^\/api\/guest\/live-Auth$/,
  /^\/api\/guest\/pincrux$/,
  /^\/api\/(personal-auth|auth\/signup\/personal-auth|auth\/signin\/find)$/,
  /^\/api\/captcha\/challenge$/,
];
/**
 * Whether a call needs the XSRF header: the proxy refuses it without, and the client sends it. `path` without the
 * query; matched as the API's router reads it (percent-escapes decoded), and HEAD runs the GET's handler.
 */
export function needsXsrf(method: string, path: string): boolean {
  const m = method.toUpperCase();
  if (UNSAFE_METHODS.has(m)) return true;
  if (m !== 'GET' && m !== 'HEAD') return false;
  let routed = path;
  try {
    routed = decodeURI(path);
  } catch {
    // A malformed escape: the router matches no route with it either.
  }
  return STATE_CHANGING_GETS.some((pattern) => pattern.test(routed) || pattern.test(path));
}
export const XSRF_COOKIE = 'XSRF-TOKEN';
