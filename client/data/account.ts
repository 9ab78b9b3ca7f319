import type {
  AvailabilityResponse,
  CaptchaChallenge,
  ConfirmPhoneCodeRequest,
  IdentityStartResponse,
  ProfileResponse,
  RecommenderResponse,
  SendPhoneCodeRequest,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SignupResponse,
} from '../../src/shared/account-api';
import type { Translate } from '../i18n/i18n';
import { apiFetch } from './api';

/** Every account call answers this: the status, the parsed body (null if none), and the error if any. */
export interface ApiResult<T> {
  ok: boolean;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  body: T | null;
  /** The server's own words (error.message, else message), '' when it gave none. */
  message: string;
  code: string | null;
}

type ErrorBody = { error?: { code?: string; message?: string } | string; message?: string; code?: string; data?: { error?: string } };

function errorOf(body: unknown): { message: string; code: string | null } {
  const b = (body ?? {}) as ErrorBody;
  const err = typeof b.error === 'object' && b.error ? b.error : null;
  // Sign-up answers { data: { error } }; everything else { error: { code, message } } or { message }.
  const message = err?.message ?? (typeof b.error === 'string' ? b.error : undefined) ?? b.data?.error ?? (typeof b.message === 'string' ? b.message : '');
  return { message, code: err?.code ?? b.code ?? null };
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (method !== 'GET') {
    // apiFetch adds the XSRF header and reacts to an ended session, for this call as for every other.
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(json ?? {});
  }
  let res: Response;
  try {
    res = await apiFetch(path, init);
  } catch {
    return { ok: false, status: 0, body: null, message: '', code: 'NETWORK' };
  }
  const body = (await res.json().catch(() => null)) as T | null;
  const { message, code } = res.ok ? { message: '', code: null } : errorOf(body);
  return { ok: res.ok, status: res.status, body, message, code };
}

/** What to tell the user about a failed call: the server's message, else a generic one. */
export function failureText(result: ApiResult<unknown>, t: Translate): string {
  if (result.message) return result.message;
  return result.status === 0 ? t('errors.network') : t('auth.errors.unknown');
}

const seg = encodeURIComponent;

export const signin = (req: SigninRequest) => call<SigninResponse>('POST', '/v2/api/auth/signin', req);
export const signup = (req: SignupRequest) => call<SignupResponse>('POST', '/api/auth/signup', req);
export const signout = () => call<{ ok: boolean }>('POST', '/api/auth/signout');
export const getProfile = () => call<ProfileResponse>('GET', '/api/my/profile');

export const checkLoginId = (id: string) => call<AvailabilityResponse>('GET', `/api/guest/loginId/${seg(id)}`);
export const checkNickname = (nickname: string) => call<AvailabilityResponse>('GET', `/api/guest/nickname/${seg(nickname)}`);
export const findRecommender = (code: string, loginId: string) =>
  call<RecommenderResponse>('GET', `/api/guest/findRecommender/${seg(code)}?loginId=${seg(loginId)}`);
/** A recommendId that is a known partner code answers { result: 'ok' }. */
export const checkPartnerCode = (code: string) => call<{ result: string }>('GET', `/api/guest/refcode/${seg(code)}`);

export const getCaptcha = () => call<CaptchaChallenge>('GET', '/api/captcha/challenge');
export const sendPhoneCode = (req: SendPhoneCodeRequest) => call<{ message?: string }>('POST', '/v2/api/auth/signup/send-phone-verification', req);
export const confirmPhoneCode = (req: ConfirmPhoneCodeRequest) => call<{ phoneVerificationToken: string }>('POST', '/api/personal-auth/foreigner', req);

/** Which identity check to start: at sign-up, for a signed-in member, or to find an ID or reset a password. */
export type IdentityPurpose = { kind: 'signup' } | { kind: 'personal' } | { kind: 'find'; type: 'id' | 'password'; loginId?: string };

export function startIdentity(purpose: IdentityPurpose) {
  if (purpose.kind === 'signup') return call<IdentityStartResponse>('GET', '/api/auth/signup/personal-auth?type=personal-signup');
  if (purpose.kind === 'personal') return call<IdentityStartResponse>('GET', '/api/personal-auth?type=personal');
  const loginId = purpose.loginId ? `loginId=${seg(purpose.loginId)}&` : '';
  return call<IdentityStartResponse>('GET', `/api/auth/signin/find?${loginId}type=${purpose.type}`);
}

export const findIdConfirm = (authKey: string) => call<{ loginIds: string[] }>('POST', '/api/auth/signin/find-id/confirm', { authKey });
export const findPasswordConfirm = (loginId: string, authKey: string) =>
  call<{ authToken: string }>('POST', '/api/auth/signin/find-password/confirm', { loginId, authKey });
export const resetPassword = (req: { loginId: string; authToken: string; password: string }) => call<{ ok: boolean }>('PUT', '/api/oauth/password', req);

export type PolicyType = 'service-rules' | 'privacy-rules';
export interface Policy {
  title: string;
  body: string;
}
/** Policy text in the page's language (the API reads X-Locale before Accept-Language). */
export const getPolicy = (type: PolicyType, locale: string) => call<Policy>('GET', `/static/${type}`, undefined, { 'X-Locale': locale });

export interface DevIdentity {
  session: string;
  name: string;
  birthday: string;
  gender: 'M' | 'F';
  phone: string;
}
/** The development identity provider's popup completes here and gets the authKey to hand to its opener. */
export const completeDevIdentity = (req: DevIdentity) => call<{ authKey: string }>('POST', '/api/personal-auth/dev/complete', req);
