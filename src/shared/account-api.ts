// Request and response shapes of the account calls (SPEC §7 Auth, Guest), as the browser sees them
// through the proxy. Tokens never appear here: the proxy moves them into HttpOnly cookies.
// Errors: signin answers { status, msg, message }, signup { data: { error, field } }, refresh { msg: 'ERROR' };
// every other call uses the API envelope { error: { code, message, fields? } } (message already localized).

export type Device = 'MOBILEWEB' | 'PCWEB';

/** POST /v2/api/auth/signin */
export interface SigninRequest {
  loginId: string;
  password: string;
  loginKeep: boolean;
  saveId: boolean;
  device: Device;
}
/** 200, 401 (message '' means "wrong ID or password"), 423 blocked, 429 too many attempts. */
export interface SigninResponse {
  status: number;
  msg: string;
  message: string;
  /** An event popup to show after login (e.g. an attendance reward), or null. */
  event: { title: string; body: string } | null;
  me?: MeDto;
}

/** POST /api/auth/signup (domestic and foreigner; isForeigner tells them apart). */
export interface SignupRequest {
  loginId: string;
  password: string;
  nickname: string;
  name?: string;
  partnerCode?: string;
  recommendId?: string;
  device: Device;
  /** Foreigner: from POST /api/personal-auth/foreigner. */
  phoneVerificationToken?: string;
  gender?: 'M' | 'F';
  birthday?: string; // yyyy-MM-dd
  phone?: string;
  countryCode?: string;
  adultValue?: number;
  aspCode?: string;
  userkey?: string;
  /** Domestic: from identity verification. */
  authKey?: string;
  isForeigner: boolean;
  /** Terms: true (all), 'essential' (both required); false or missing is refused with validation.terms.required. */
  terms?: true | 'essential' | false;
}
/** 200 { data: { me } } and the member is logged in; 4xx { data: { error } } with the message. */
export interface SignupResponse {
  data: { me?: MeDto; error?: string; field?: string };
}

export interface MeDto {
  loginId: string;
  nickname: string;
  identityVerified: boolean;
  isForeigner: boolean;
  adult: boolean;
}

/** GET /api/my/profile */
export interface ProfileResponse {
  profile: MeDto & { piFlag: boolean; createdAt: string; countryCode: string | null; partnerCode: string | null };
}

/** GET /api/guest/loginId/{id}, /nickname/{nickname}: 'ok' when free, 'overlap' when taken. */
export interface AvailabilityResponse {
  result: 'ok' | 'overlap';
}
/** GET /api/guest/findRecommender/{code}?loginId=: 'notfound', 'overlap' (yourself), or the recommender's loginId. */
export interface RecommenderResponse {
  result: string;
}

/** POST /v2/api/auth/signup/send-phone-verification → 200 { message } | 400/429/502 { error: { code, message } } */
export interface SendPhoneCodeRequest {
  countryCode: string; // calling code digits, e.g. "82"
  phone: string; // digits only
  captchaToken: string;
}
/** POST /api/personal-auth/foreigner → 200 { phoneVerificationToken } | 400 { error: { code, message } } */
export interface ConfirmPhoneCodeRequest {
  countryCode: string;
  phone: string;
  code: string;
}

/** GET /api/personal-auth?type=, /api/auth/signup/personal-auth?type=, /api/auth/signin/find?loginId&type= */
export interface IdentityStartResponse {
  provider: 'niceId' | 'internal';
  /** Open in a 400x600 popup; it posts { type: 'personal-auth', authKey } to the opener, then closes. */
  url: string;
}

/** POST /api/personal-auth/confirm { authKey } (member) → { me }: marks the member identity-verified. */
/** POST /api/auth/signin/find-id/confirm { authKey } → { loginIds: masked[] } */
/** POST /api/auth/signin/find-password/confirm { loginId, authKey } → { authToken } */
/** PUT /api/oauth/password { loginId, authToken, password } → { ok: true } */

/** GET /api/captcha/challenge (dev adapter) → { id, question } ; the answer is sent as captchaToken "id:answer". */
export interface CaptchaChallenge {
  provider: 'local' | 'turnstile';
  id?: string;
  question?: string;
  siteKey?: string;
}

/** The error code of a 401 whose session is gone: the page clears it and shows the session-expired modal. */
export const SESSION_INVALID = 'SESSION_INVALID';
export const SESSION_INVALID_MESSAGE = 'accessToken is not valid.';

/** Header carrying the XSRF token (cookie XSRF-TOKEN, readable by the page) on unsafe methods. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_COOKIE = 'XSRF-TOKEN';
