import type { SocialAccounts } from './social-schemas';
import type { SocialProvider } from './social';

/** /signup/social/<provider>: what the callback learnt, and the ticket the form sends back as accessToken. */
export type SocialSignupPageData = {
  title: string;
  provider: SocialProvider;
  accessToken: string;
  nickname: string | null;
  email: string | null;
  callbackURL: string | null;
  /** A partner_code cookie: identity verification is not asked. */
  partnerCode: string | null;
};

/** /my/social: the member's linked providers (absent when they could not be read). */
export interface SocialAccountsPageData {
  title: string;
  accounts?: SocialAccounts;
}
