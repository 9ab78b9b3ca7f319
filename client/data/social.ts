import { type SocialProvider, socialStartPath } from '../../src/shared/social';
import { call, callEdge } from './api';

/** The published social sign-up payload (plus the form's optional ID and password, and terms). */
export interface SocialSignupBody {
  accessToken: string;
  nickname: string;
  recommendId?: string;
  partnerCode?: string;
  authKey?: string;
  countryCodes?: string;
  device?: 'MOBILEWEB' | 'PCWEB';
  loginId?: string;
  password?: string;
  terms: true | 'essential';
}

export const socialSignup = (provider: SocialProvider, body: SocialSignupBody) => call('POST', '/api/auth/signup/oauth/:provider', { param: { provider }, json: body });
export const socialLink = (provider: SocialProvider, body: { accessToken: string; loginId: string; password: string } | { accessToken: string; authKey: string }) =>
  call('POST', '/api/auth/oauth/:provider/link', { param: { provider }, json: body });
export const socialAccounts = () => call('GET', '/api/my/social');
export const unlinkSocial = (provider: SocialProvider) => call('DELETE', '/api/my/social/:provider', { param: { provider } });

/** Start linking a provider to the signed-in member: a POST with the XSRF header; the answer is the provider's address to go to. */
export const startLink = (provider: SocialProvider) => callEdge<{ authorizeUrl: string }>('POST', socialStartPath(provider, null), {});
