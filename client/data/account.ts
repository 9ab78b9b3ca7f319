import type {
  AvailabilityResponse,
  CaptchaChallenge,
  ConfirmPhoneCodeRequest,
  ExpiryResponse,
  IdentityStartResponse,
  ProfileResponse,
  RecommenderResponse,
  RecoveryProof,
  SendPhoneCodeRequest,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SignupResponse,
} from '../../src/shared/account-api';
import type { Translate } from '../i18n/i18n';
import { call, type ApiResult } from './api';
import { GUEST_PASS_PATH } from '../../src/shared/constants';

/** What to tell the user about a failed call: the server's message, else a generic one. */
export function failureText(result: ApiResult<unknown>, t: Translate): string {
  if (result.message) return result.message;
  return result.status === 0 ? t('errors.network') : t('auth.errors.unknown');
}

const seg = encodeURIComponent;

export const signin = (req: SigninRequest) => call<SigninResponse>('POST', '/v2/api/auth/signin', req);
export const signup = (req: SignupRequest) => call<SignupResponse>('POST', '/api/auth/signup', req);
export const getProfile = () => call<ProfileResponse>('GET', '/api/my/profile');

export const checkLoginId = (id: string) => call<AvailabilityResponse>('GET', `/api/guest/loginId/${seg(id)}`);
export const checkNickname = (nickname: string) => call<AvailabilityResponse>('GET', `/api/guest/nickname/${seg(nickname)}`);
export const findRecommender = (code: string, loginId: string) => call<RecommenderResponse>('GET', `/api/guest/findRecommender/${seg(code)}?loginId=${seg(loginId)}`);
/** A recommendId that is a known partner code answers { result: 'ok' }. */
export const checkPartnerCode = (code: string) => call<{ result: string }>('GET', `/api/guest/refcode/${seg(code)}`);

export const getCaptcha = () => call<CaptchaChallenge>('GET', '/api/captcha/challenge');
export const sendPhoneCode = (req: SendPhoneCodeRequest) => call<{ message?: string }>('POST', '/v2/api/auth/signup/send-phone-verification', req);
export const confirmPhoneCode = (req: ConfirmPhoneCodeRequest) => call<{ phoneVerificationToken: string }>('POST', '/api/personal-auth/foreigner', req);

/** Which identity check to start: at sign-up, for a signed-in member, or to find an ID or reset a password. */
export type IdentityPurpose = { kind: 'signup' } | { kind: 'personal' } | { kind: 'guest-adult' } | { kind: 'find'; type: 'id' | 'password'; loginId?: string } | { kind: 'expire'; loginId: string };

export function startIdentity(purpose: IdentityPurpose) {
  if (purpose.kind === 'signup') return call<IdentityStartResponse>('GET', '/api/auth/signup/personal-auth?type=personal-signup');
  if (purpose.kind === 'personal') return call<IdentityStartResponse>('GET', '/api/personal-auth?type=personal');
  if (purpose.kind === 'guest-adult') return call<IdentityStartResponse>('GET', '/api/personal-auth?type=guest-adult');
  if (purpose.kind === 'expire') return call<IdentityStartResponse>('GET', `/api/personal-auth?type=expire&loginId=${seg(purpose.loginId)}`);
  const loginId = purpose.loginId ? `loginId=${seg(purpose.loginId)}&` : '';
  return call<IdentityStartResponse>('GET', `/api/auth/signin/find?${loginId}type=${purpose.type}`);
}

/** The dormant account's expiry flow (POST /api/auth/expire): the step the account is at after this call. */
export const expireStep = (body: { loginId: string; agree?: boolean; authKey?: string }) => call<ExpiryResponse>('POST', '/api/auth/expire', body);
/** A guest's adult pass for this device (the site keeps it in an HttpOnly cookie; the answer says until when). */
export const requestGuestPass = (authKey: string) => call<{ expiresAt: number }>('POST', GUEST_PASS_PATH, { authKey });

/** Find ID and password take an identity verification's authKey (domestic) or the verified phone's token (foreign members). */
export const findIdConfirm = (proof: RecoveryProof) => call<{ loginIds: string[] }>('POST', '/api/auth/signin/find-id/confirm', proof);
export const findPasswordConfirm = (loginId: string, proof: RecoveryProof) => call<{ authToken: string }>('POST', '/api/auth/signin/find-password/confirm', { loginId, ...proof });
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
