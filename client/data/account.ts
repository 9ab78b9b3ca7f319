import type { ConfirmPhoneCodeRequest, RecoveryProof, SendPhoneCodeRequest, SigninRequest, SignupRequest } from '../../src/shared/account-api';
import { call } from './api';
import { GUEST_PASS_PATH } from '../../src/shared/constants';

export const signin = (req: SigninRequest) => call('POST', '/v2/api/auth/signin', { json: req });
export const signup = (req: SignupRequest) => call('POST', '/api/auth/signup', { json: req });
export const getProfile = () => call('GET', '/api/my/profile');

export const checkLoginId = (id: string) => call('GET', '/api/guest/loginId/:id', { param: { id } });
export const checkNickname = (nickname: string) => call('GET', '/api/guest/nickname/:nickname', { param: { nickname } });
export const findRecommender = (code: string, loginId: string) => call('GET', '/api/guest/findRecommender/:code', { param: { code }, query: { loginId } });
/** A recommendId that is a known partner code answers { result: 'ok' }. */
export const checkPartnerCode = (code: string) => call('GET', '/api/guest/refcode/:code', { param: { code } });

export const getCaptcha = () => call('GET', '/api/captcha/challenge');
export const sendPhoneCode = (req: SendPhoneCodeRequest) => call('POST', '/v2/api/auth/signup/send-phone-verification', { json: req });
export const confirmPhoneCode = (req: ConfirmPhoneCodeRequest) => call('POST', '/api/personal-auth/foreigner', { json: req });

/** Which identity check to start: at sign-up, for a signed-in member, or to find an ID or reset a password. */
export type IdentityPurpose = { kind: 'signup' } | { kind: 'personal' } | { kind: 'guest-adult' } | { kind: 'find'; type: 'id' | 'password'; loginId?: string } | { kind: 'expire'; loginId: string };

export function startIdentity(purpose: IdentityPurpose) {
  if (purpose.kind === 'signup') return call('GET', '/api/auth/signup/personal-auth', { query: { type: 'personal-signup' } });
  if (purpose.kind === 'personal') return call('GET', '/api/personal-auth', { query: { type: 'personal' } });
  if (purpose.kind === 'guest-adult') return call('GET', '/api/personal-auth', { query: { type: 'guest-adult' } });
  if (purpose.kind === 'expire') return call('GET', '/api/personal-auth', { query: { type: 'expire', loginId: purpose.loginId } });
  return call('GET', '/api/auth/signin/find', { query: { loginId: purpose.loginId || undefined, type: purpose.type } });
}

/** The dormant account's expiry flow (POST /api/auth/expire): the step the account is at after this call. */
export const expireStep = (body: { loginId: string; agree?: boolean; authKey?: string }) => call('POST', '/api/auth/expire', { json: body });
/** A guest's adult pass for this device (the site keeps it in an HttpOnly cookie; the answer says until when). */
export const requestGuestPass = (authKey: string) => call('POST', GUEST_PASS_PATH, { json: { authKey } });

/** Find ID and password take an identity verification's authKey (domestic) or the verified phone's token (foreign members). */
export const findIdConfirm = (proof: RecoveryProof) => call('POST', '/api/auth/signin/find-id/confirm', { json: proof });
export const findPasswordConfirm = (loginId: string, proof: RecoveryProof) => call('POST', '/api/auth/signin/find-password/confirm', { json: { loginId, ...proof } });
export const resetPassword = (req: { loginId: string; authToken: string; password: string }) => call('PUT', '/api/oauth/password', { json: req });

export type PolicyType = 'service-rules' | 'privacy-rules';
export interface Policy {
  title: string;
  body: string;
}
/** Policy text in the page's language (the API reads X-Locale before Accept-Language). */
export const getPolicy = (type: PolicyType, locale: string) => call('GET', '/static/:file', { param: { file: type }, headers: { 'X-Locale': locale } });

export interface DevIdentity {
  session: string;
  name: string;
  birthday: string;
  gender: 'M' | 'F';
  phone: string;
}
/** The development identity provider's popup completes here and gets the authKey to hand to its opener. */
export const completeDevIdentity = (req: DevIdentity) => call('POST', '/api/personal-auth/dev/complete', { json: req });
