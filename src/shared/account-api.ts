// Request and response shapes of the account calls (SPEC §7 Auth, Guest), as the browser sees them
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
 * The profile's SWR key (GET /api/my/profile), cached 5 minutes on the client (SPEC §9); a settings change
 * replaces it at once (the settings page sets it; other pages hear of it through the inbox socket).
 */
export const PROFILE_KEY = '/api/my/profile';
export const PROFILE_CACHE_MS = 5 * 60_000;

export const SESSION_INVALID = 'SESSION_INVALID';
export const SESSION_INVALID_MESSAGE = 'accessToken is not valid.';

/** Header carrying the XSRF token (cookie XSRF-TOKEN, readable by the page) on unsafe methods. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Methods that change something: the proxy refuses them without the XSRF header, which the client sends on each. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const XSRF_COOKIE = 'XSRF-TOKEN';
