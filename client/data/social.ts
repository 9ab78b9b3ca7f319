import type { MeDto } from '../../src/shared/account-api';
import { type SocialProvider, socialStartPath } from '../../src/shared/social';
import type { SocialAccounts } from '../../src/shared/social-schemas';
import { call } from './api';

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

type SignupAnswer = { data?: { me?: MeDto; error?: string; field?: string } };

export const socialSignup = (provider: SocialProvider, body: SocialSignupBody) => call<SignupAnswer>('POST', `/api/auth/signup/oauth/${provider}`, body);
export const socialLink = (provider: SocialProvider, body: { accessToken: string; loginId: string; password: string } | { accessToken: string; authKey: string }) =>
  call<{ me?: MeDto }>('POST', `/api/auth/oauth/${provider}/link`, body);
export const socialAccounts = () => call<SocialAccounts>('GET', '/api/my/social');
export const unlinkSocial = (provider: SocialProvider) => call<SocialAccounts>('DELETE', `/api/my/social/${provider}`);

/** Start linking a provider to the signed-in member: a POST with the XSRF header; the answer is the provider's address to go to. */
export const startLink = (provider: SocialProvider) => call<{ authorizeUrl: string }>('POST', socialStartPath(provider, null), {});
